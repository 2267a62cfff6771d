import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Deanonymize } from "../../src/scanners/deanonymize.js";
import { Vault } from "../../src/scanners/vault.js";
import { createStreamRestorer } from "../../src/screening/stream-restorer.js";
import { redactOriginals, restorePlaceholders } from "../../src/screening/vault-text.js";

function sampleVault(): Vault {
  const vault = new Vault();
  vault.extend([
    ["[REDACTED_EMAIL_ADDRESS_1]", "jane@example.com"],
    ["[REDACTED_CREDIT_CARD_1]", "4111 1111 1111 1111"],
    ["[REDACTED_PERSON_1]", "Jane Doe"],
    ["[REDACTED_PERSON_10]", "John Roe"],
  ]);
  return vault;
}

/** Feed `pieces` through a fresh restorer and join what it emits. */
function streamThrough(vault: Vault, pieces: readonly string[]): string {
  const restorer = createStreamRestorer(vault);
  return pieces.map((piece) => restorer.push(piece)).join("") + restorer.flush();
}

describe("restorePlaceholders / redactOriginals", () => {
  it("restores in one pass and longest placeholder first", () => {
    const vault = sampleVault();
    expect(restorePlaceholders(vault, "[REDACTED_PERSON_10] and [REDACTED_PERSON_1]")).toBe(
      "John Roe and Jane Doe",
    );
    const tricky = new Vault();
    tricky.extend([
      ["[A]", "[B]"],
      ["[B]", "bee"],
    ]);
    expect(restorePlaceholders(tricky, "[A] [B]")).toBe("[B] bee");
  });

  it("turns known originals back into placeholders, whole words only", () => {
    const vault = new Vault();
    vault.extend([
      ["[REDACTED_PERSON_1]", "Al"],
      ["[REDACTED_EMAIL_ADDRESS_1]", "al@example.com"],
    ]);
    expect(redactOriginals(vault, "Al wrote from al@example.com about Alpine")).toBe(
      "[REDACTED_PERSON_1] wrote from [REDACTED_EMAIL_ADDRESS_1] about Alpine",
    );
  });
});

describe("createStreamRestorer", () => {
  it("holds a placeholder split across two chunks until it is complete", () => {
    const restorer = createStreamRestorer(sampleVault());
    expect(restorer.push("Write to [REDACTED_EMA")).toBe("Write to ");
    expect(restorer.push("IL_ADDRESS_1] now")).toBe("jane@example.com now");
    expect(restorer.flush()).toBe("");
  });

  it("tells [REDACTED_PERSON_1] from [REDACTED_PERSON_10] across a boundary", () => {
    const restorer = createStreamRestorer(sampleVault());
    expect(restorer.push("Hi [REDACTED_PERSON_1")).toBe("Hi ");
    expect(restorer.push("0], bye")).toBe("John Roe, bye");
  });

  it("emits a held tail that never became a placeholder at the end", () => {
    const restorer = createStreamRestorer(sampleVault());
    expect(restorer.push("array[RED")).toBe("array");
    expect(restorer.flush()).toBe("[RED");
  });

  it("passes text straight through when the vault is empty", () => {
    const restorer = createStreamRestorer(new Vault());
    expect(restorer.push("[REDACTED_")).toBe("[REDACTED_");
  });

  it("gives the same text as a one-shot restore for every way of cutting the stream", () => {
    const vault = sampleVault();
    const words = ["[REDACTED_EMAIL_ADDRESS_1]", "[REDACTED_PERSON_1]", "[REDACTED_PERSON_10]"];
    const token = fc.oneof(
      fc.constantFrom(...words, "[REDACTED_CREDIT_CARD_1]", "[", "]", "[RED", " "),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (parts, cuts) => {
          const text = parts.join("");
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
            (a, b) => a - b,
          );
          const pieces = [0, ...points].map((start, index) =>
            text.slice(start, [...points, text.length][index]),
          );
          expect(streamThrough(vault, pieces)).toBe(restorePlaceholders(vault, text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("agrees with Deanonymize's case-insensitive restore for every cut, brackets dropped or not", () => {
    const vault = sampleVault();
    const deanonymize = new Deanonymize(vault);
    const restore = (text: string): string => deanonymize.restore(text);
    const token = fc.oneof(
      fc.constantFrom(
        "[REDACTED_PERSON_1]",
        "redacted_person_10",
        "REDACTED_EMAIL_ADDRESS_1",
        "[redacted_credit_card_1]",
        "[",
        " ",
        "re",
      ),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (parts, cuts) => {
          const text = parts.join("");
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
            (a, b) => a - b,
          );
          const ends = [...points, text.length];
          const pieces = [0, ...points].map((start, index) => text.slice(start, ends[index]));
          const restorer = createStreamRestorer(vault, restore);
          const streamed = pieces.map((piece) => restorer.push(piece)).join("") + restorer.flush();
          expect(streamed).toBe(restore(text));
        },
      ),
      { numRuns: 400 },
    );
  });
});
