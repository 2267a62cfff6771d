import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Anonymize } from "../../src/scanners/anonymize.js";
import { Deanonymize } from "../../src/scanners/deanonymize.js";
import { Vault } from "../../src/scanners/vault.js";

const luhnComplete = (body: string): string => {
  for (let check = 0; check <= 9; check++) {
    const digits = `${body}${check}`;
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error("unreachable");
};

const word = fc.stringMatching(/^[a-z]{3,9}$/);
const email = fc
  .tuple(word, word, fc.constantFrom("com", "org", "io", "de"))
  .map(([user, host, tld]) => `${user}@${host}.${tld}`);
const card = fc.stringMatching(/^\d{14}$/).map((body) => luhnComplete(`4${body}`));
// 0.0.0.0 and 255.255.255.255 are not host addresses, so they are not redacted.
const ipv4 = fc.ipV4().filter((ip) => ip !== "0.0.0.0" && ip !== "255.255.255.255");
const uuid = fc.uuid();
const ssn = fc
  .tuple(
    fc.integer({ min: 1, max: 665 }),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
  )
  .map(
    ([area, group, serial]) =>
      `${String(area).padStart(3, "0")}-${String(group).padStart(2, "0")}-${String(serial).padStart(4, "0")}`,
  )
  .filter((value) => !["078-05-1120", "219-09-9999", "123-45-6789"].includes(value));
const secretValue = fc.oneof(email, card, ipv4, uuid, ssn);
const filler = fc.array(
  fc.constantFrom(
    "the",
    "report",
    "was",
    "sent",
    "to",
    "and",
    "then",
    "checked",
    "by",
    "ops",
    "42",
  ),
  {
    minLength: 1,
    maxLength: 6,
  },
);

describe("Anonymize properties", () => {
  it("no redacted original survives in the sanitized text, and Deanonymize restores the text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(filler, secretValue), { minLength: 1, maxLength: 5 }),
        filler,
        async (parts, tail) => {
          const text = `${parts.map(([words, value]) => `${words.join(" ")} ${value}`).join(" , ")} ${tail.join(" ")}`;
          const vault = new Vault();
          const result = await new Anonymize(vault).scan(text);
          expect(result.valid).toBe(false);
          for (const [, value] of parts) expect(result.sanitized).not.toContain(value);
          for (const [, original] of vault.get()) expect(result.sanitized).not.toContain(original);
          expect(new Deanonymize(vault).restore(result.sanitized)).toBe(text);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("the same value always maps to the same placeholder within a vault", async () => {
    await fc.assert(
      fc.asyncProperty(email, fc.integer({ min: 2, max: 5 }), async (value, times) => {
        const vault = new Vault();
        const { sanitized } = await new Anonymize(vault).scan(
          Array(times).fill(`mail ${value}`).join("; "),
        );
        expect(vault.size).toBe(1);
        expect(sanitized.split("[REDACTED_EMAIL_ADDRESS_1]").length - 1).toBe(times);
      }),
      { numRuns: 50 },
    );
  });

  it("scanning sanitized text again changes nothing (placeholders are never re-detected)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(filler, secretValue), { minLength: 1, maxLength: 4 }),
        async (parts) => {
          const text = parts.map(([words, value]) => `${words.join(" ")} ${value}`).join(". ");
          const vault = new Vault();
          const first = await new Anonymize(vault).scan(text);
          const second = await new Anonymize(vault).scan(first.sanitized);
          expect(second).toEqual({ sanitized: first.sanitized, valid: true, score: 0 });
        },
      ),
      { numRuns: 60 },
    );
  });
});
