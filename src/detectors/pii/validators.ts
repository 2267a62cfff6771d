import { isIPv4, isIPv6 } from "node:net";

/** Keep only the digits of a string. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Luhn (mod 10) checksum used by payment card numbers; separators are ignored.
 *
 * @example
 * isValidLuhn("4111 1111 1111 1111"); // true
 */
export function isValidLuhn(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length < 2) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IBAN length per country code (ISO 13616 registry). */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** ISO 7064 mod 97-10 over an alphanumeric string (letters count as 10..35). */
export function mod97(value: string): number {
  let remainder = 0;
  for (const char of value.toUpperCase()) {
    const code = char.charCodeAt(0);
    const number = code >= 65 ? code - 55 : code - 48;
    remainder = (number > 9 ? remainder * 100 + number : remainder * 10 + number) % 97;
  }
  return remainder;
}

/**
 * IBAN check: known country, the country's length and the mod-97 checksum; spaces ignored.
 *
 * @example
 * isValidIban("GB82 WEST 1234 5698 7654 32"); // true
 */
export function isValidIban(value: string): boolean {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  if (ibanLengths[compact.slice(0, 2)] !== compact.length) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/**
 * US social security number in the ranges the SSA issues: area not 000, 666 or 900-999, group
 * not 00, serial not 0000, and not one of the numbers known from advertising.
 */
export function isValidSsn(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length !== 9) return false;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) return false;
  if (/^(\d)\1{8}$/.test(digits)) return false;
  return !["078051120", "219099999", "123456789"].includes(digits);
}

/** An IPv4 dotted quad (no leading zeros beyond one digit) or any valid IPv6 form. */
export function isValidIp(value: string): boolean {
  return isIPv4(value) || isIPv6(value);
}
