import { isValidLuhn } from "./validators.js";

/** One issuer range: numbers whose leading digits fall in [from, to] have one of `lengths`. */
interface CardRange {
  readonly brand: string;
  /** Inclusive bounds of the prefix, all of the same number of digits. */
  readonly from: number;
  readonly to: number;
  readonly lengths: readonly number[];
}

const range = (brand: string, from: number, to: number, lengths: readonly number[]): CardRange => ({
  brand,
  from,
  to,
  lengths,
});
const upTo19 = (from: number): number[] => Array.from({ length: 20 - from }, (_, i) => from + i);

/**
 * Issuer identification number (IIN) ranges of the card networks, with the lengths each issues
 * (public network rules, as summarised in ISO/IEC 7812 tables). Written for this project.
 */
export const cardRanges: readonly CardRange[] = [
  range("Visa", 4, 4, [13, 16, 19]),
  range("Mastercard", 51, 55, [16]),
  range("Mastercard", 2221, 2720, [16]),
  range("American Express", 34, 34, [15]),
  range("American Express", 37, 37, [15]),
  range("Diners Club", 300, 305, upTo19(14)),
  range("Diners Club", 36, 36, upTo19(14)),
  range("Diners Club", 38, 39, upTo19(14)),
  range("Discover", 6011, 6011, upTo19(16)),
  range("Discover", 644, 649, upTo19(16)),
  range("Discover", 65, 65, upTo19(16)),
  range("JCB", 3528, 3589, upTo19(16)),
  range("UnionPay", 62, 62, upTo19(16)),
  range("UnionPay", 81, 81, upTo19(16)),
  range("Maestro", 50, 50, upTo19(12)),
  range("Maestro", 56, 69, upTo19(12)),
  range("Mir", 2200, 2204, upTo19(16)),
  range("RuPay", 60, 60, upTo19(16)),
  range("RuPay", 82, 82, [16]),
  range("Verve", 506, 507, upTo19(16)),
  range("Troy", 9792, 9792, [16]),
];

/**
 * The network of a card number (digits only) whose length that network issues, or undefined.
 *
 * @example
 * cardBrand("6759649826438453"); // "Maestro"
 */
export function cardBrand(digits: string): string | undefined {
  for (const { brand, from, to, lengths } of cardRanges) {
    const prefix = Number(digits.slice(0, String(from).length));
    if (prefix >= from && prefix <= to && lengths.includes(digits.length)) return brand;
  }
  return undefined;
}

/** A card-number word shortly before ("card", "Visa", "CC#", "Karte", "carte", "tarjeta"). */
const cardCue =
  /\b(?:card|cc|credit|debit|visa|mastercard|master card|maestro|amex|american express|jcb|unionpay|union pay|discover|diners|pan|karte|kreditkarte|carte|tarjeta|cartão|cartao|carta|kaart|creditcard|betaalpas)\b[^\n\d]{0,20}$/i;

/**
 * Confidence that `digits` (12–19 digits, separators removed) is a payment card: a known network
 * range and length, and the Luhn checksum. Twelve-digit numbers (some Maestro cards) are common
 * as other references, so they need a card word before them.
 */
export function scoreCard(digits: string, context: string): number {
  if (digits.length < 12 || digits.length > 19) return 0;
  if (cardBrand(digits) === undefined || !isValidLuhn(digits)) return 0;
  if (digits.length >= 13) return 1;
  return cardCue.test(context) ? 0.9 : 0.4;
}
