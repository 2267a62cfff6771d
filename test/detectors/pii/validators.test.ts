import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isValidIban,
  isValidIp,
  isValidLuhn,
  isValidSsn,
  mod97,
} from "../../../src/detectors/pii/validators.js";

/** Append the Luhn check digit, computed independently of the code under test. */
function withLuhnDigit(body: string): string {
  const digits = [...body].map(Number);
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = digits[digits.length - 1 - index]!;
    sum += index % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Build an IBAN with correct check digits using BigInt arithmetic (a second implementation). */
function makeIban(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join("");
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

const corruptDigit = (value: string, position: number, delta: number): string => {
  const index = position % value.length;
  const digit = (Number(value[index]) + delta) % 10;
  return `${value.slice(0, index)}${digit}${value.slice(index + 1)}`;
};

describe("Luhn", () => {
  it("accepts every number built with a correct check digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,18}$/), (body) => {
        expect(isValidLuhn(withLuhnDigit(body))).toBe(true);
      }),
    );
  });

  it("rejects any single-digit corruption", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, position, delta) => {
          expect(isValidLuhn(corruptDigit(withLuhnDigit(body), position, delta))).toBe(false);
        },
      ),
    );
  });

  it("ignores separators", () => {
    expect(isValidLuhn("4111 1111 1111 1111")).toBe(true);
    expect(isValidLuhn("4111-1111-1111-1112")).toBe(false);
  });
});

describe("IBAN mod-97", () => {
  const germanBban = fc.stringMatching(/^\d{18}$/);

  it("accepts generated IBANs, with or without spaces", () => {
    fc.assert(
      fc.property(germanBban, (bban) => {
        const iban = makeIban("DE", bban);
        expect(isValidIban(iban)).toBe(true);
        expect(isValidIban(iban.replace(/(.{4})/g, "$1 ").trim())).toBe(true);
        expect(mod97(iban.slice(4) + iban.slice(0, 4))).toBe(1);
      }),
    );
  });

  it("rejects any single-digit corruption of the account part", () => {
    fc.assert(
      fc.property(germanBban, fc.nat(), fc.integer({ min: 1, max: 9 }), (bban, position, delta) => {
        const iban = makeIban("DE", bban);
        const index = 4 + (position % 18);
        const corrupted = `${iban.slice(0, index)}${(Number(iban[index]) + delta) % 10}${iban.slice(index + 1)}`;
        expect(isValidIban(corrupted)).toBe(false);
      }),
    );
  });

  it("checks country length and letters", () => {
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(isValidIban("GB82 WEST 1234 5698 7654 3")).toBe(false);
    expect(isValidIban("ZZ82WEST12345698765432")).toBe(false);
  });
});

describe("SSN and IP validators", () => {
  it("follows the SSA ranges", () => {
    expect(isValidSsn("536-22-1234")).toBe(true);
    for (const bad of [
      "000-12-3456",
      "666-12-3456",
      "912-12-3456",
      "536-00-1234",
      "536-22-0000",
      "123-45-6789",
    ]) {
      expect(isValidSsn(bad)).toBe(false);
    }
  });

  it("accepts v4 and v6, rejects out-of-range parts", () => {
    expect(isValidIp("192.168.0.1")).toBe(true);
    expect(isValidIp("2001:db8::1")).toBe(true);
    expect(isValidIp("256.1.1.1")).toBe(false);
    expect(isValidIp("2001:db8:::1")).toBe(false);
  });
});
