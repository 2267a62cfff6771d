import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/common/errors.js";
import { Vault } from "../../src/scanners/vault.js";

describe("Vault", () => {
  it("stores pairs in order and finds them both ways", () => {
    const vault = new Vault();
    vault.append(["[REDACTED_PERSON_1]", "Ann Lee"]);
    vault.extend([
      ["[REDACTED_EMAIL_ADDRESS_1]", "ann@example.com"],
      ["[REDACTED_PERSON_1]", "someone else"],
    ]);
    expect(vault.get()).toEqual([
      ["[REDACTED_PERSON_1]", "Ann Lee"],
      ["[REDACTED_EMAIL_ADDRESS_1]", "ann@example.com"],
    ]);
    expect(vault.size).toBe(2);
    expect(vault.placeholderExists("[REDACTED_PERSON_1]")).toBe(true);
    expect(vault.lookup("[REDACTED_EMAIL_ADDRESS_1]")).toBe("ann@example.com");
    expect(vault.placeholderFor("Ann Lee")).toBe("[REDACTED_PERSON_1]");
  });

  it("removes a pair by placeholder", () => {
    const vault = new Vault();
    vault.append(["[REDACTED_PERSON_1]", "Ann Lee"]);
    expect(vault.remove("[REDACTED_PERSON_1]")).toBe(true);
    expect(vault.remove("[REDACTED_PERSON_1]")).toBe(false);
    expect(vault.placeholderFor("Ann Lee")).toBeUndefined();
    expect(vault.size).toBe(0);
  });

  it("round-trips through JSON", () => {
    const vault = new Vault();
    vault.extend([
      ["[REDACTED_PERSON_1]", "Ann Lee"],
      ["[REDACTED_URL_1]", "https://example.com/a"],
    ]);
    const restored = Vault.fromJSON(JSON.parse(JSON.stringify(vault)));
    expect(restored.get()).toEqual(vault.get());
    expect(restored.placeholderFor("Ann Lee")).toBe("[REDACTED_PERSON_1]");
  });

  it("rejects malformed JSON naming the entry", () => {
    expect(() => Vault.fromJSON({})).toThrow(ValidationError);
    expect(() => Vault.fromJSON({ entries: [["a", "b"], ["c"]] })).toThrow(/entries\[1\]/);
  });

  it("keeps vaults independent", () => {
    const first = new Vault();
    first.append(["[REDACTED_PERSON_1]", "Ann Lee"]);
    expect(new Vault().size).toBe(0);
  });
});
