import { describe, expect, it } from "vitest";
import { Anonymize } from "../../src/scanners/anonymize.js";
import { Deanonymize } from "../../src/scanners/deanonymize.js";
import { Vault } from "../../src/scanners/vault.js";

describe("Deanonymize", () => {
  it("restores originals in a model answer (round trip with Anonymize)", async () => {
    const vault = new Vault();
    const prompt = "Draft a reply to Maria Garcia (maria.garcia@example.com) about invoice 42.";
    const { sanitized } = await new Anonymize(vault).scan(prompt);
    expect(sanitized).toBe(
      "Draft a reply to [REDACTED_PERSON_1] ([REDACTED_EMAIL_ADDRESS_1]) about invoice 42.",
    );
    const answer =
      "Dear [REDACTED_PERSON_1], we have sent invoice 42 to [REDACTED_EMAIL_ADDRESS_1].";
    expect(new Deanonymize(vault).scan(answer)).toEqual({
      sanitized: "Dear Maria Garcia, we have sent invoice 42 to maria.garcia@example.com.",
      valid: true,
      score: 0,
    });
  });

  it("matches case-insensitively and without brackets by default", () => {
    const vault = new Vault();
    vault.extend([
      ["[REDACTED_PERSON_1]", "Ann Lee"],
      ["[REDACTED_PERSON_10]", "Bo Chan"],
    ]);
    const restored = new Deanonymize(vault).restore(
      "[redacted_person_1], REDACTED_PERSON_10 and [REDACTED_PERSON_1]",
    );
    expect(restored).toBe("Ann Lee, Bo Chan and Ann Lee");
  });

  it("exact strategy only restores placeholders as written", () => {
    const vault = new Vault();
    vault.append(["[REDACTED_PERSON_1]", "Ann Lee"]);
    const scanner = new Deanonymize(vault, { matchingStrategy: "exact" });
    expect(scanner.restore("[REDACTED_PERSON_1] / [redacted_person_1]")).toBe(
      "Ann Lee / [redacted_person_1]",
    );
  });

  it("restores faker values too", async () => {
    const vault = new Vault();
    const { sanitized } = await new Anonymize(vault, { useFaker: true }).scan(
      "Email bob@example.com now",
    );
    expect(sanitized).not.toContain("bob@example.com");
    expect(new Deanonymize(vault).restore(sanitized)).toBe("Email bob@example.com now");
  });

  it("returns text unchanged with an empty vault", () => {
    expect(new Deanonymize(new Vault()).restore("[REDACTED_PERSON_1]")).toBe("[REDACTED_PERSON_1]");
  });

  it("rejects a bad strategy", () => {
    // @ts-expect-error outside the enum
    expect(() => new Deanonymize(new Vault(), { matchingStrategy: "fuzzy" })).toThrow(
      /matchingStrategy/,
    );
  });
});
