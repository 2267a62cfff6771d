import { allMatches } from "../text-features/all-matches.js";
import type { PiiMatch } from "./entity-types.js";
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

/** Digit runs of 12 or more digits, single spaces or hyphens between groups. */
const cardCandidate = /(?<![\w-])\d+(?:[ -]\d+)*(?![\w-])/g;

/**
 * Payment card numbers in `text`: runs of digit groups, each read as the longest window of whole
 * groups (12–19 digits) that scores as a card, from left to right ("42 4000 0000 0000 0002 42"
 * holds one card between two other numbers). A window never spans more than 19 digits, so a long
 * run costs linear time.
 */
export function findCards(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of allMatches(cardCandidate, text)) {
    const value = match[0];
    if (value.length < 12) continue;
    const groups = value.split(/[ -]/);
    const offsets: number[] = [];
    let offset = 0;
    for (const group of groups) {
      offsets.push(offset);
      offset += group.length + 1;
    }
    for (let first = 0; first < groups.length; ) {
      const card = longestCardFrom(groups, first, text, match.index + offsets[first]!);
      if (card === undefined) {
        first += 1;
        continue;
      }
      const start = match.index + offsets[first]!;
      const end = match.index + offsets[card.next - 1]! + groups[card.next - 1]!.length;
      found.push({
        type: "CREDIT_CARD",
        start,
        end,
        text: text.slice(start, end),
        score: card.score,
      });
      first = card.next;
    }
  }
  return found;
}

/** The longest window of groups from `first` that scores as a card, and the group after it. */
function longestCardFrom(
  groups: readonly string[],
  first: number,
  text: string,
  start: number,
): { next: number; score: number } | undefined {
  let digits = "";
  let best: { next: number; score: number } | undefined;
  const context = text.slice(Math.max(0, start - 48), start);
  for (let next = first; next < groups.length; next += 1) {
    digits += groups[next]!;
    if (digits.length > 19) break;
    if (digits.length < 12) continue;
    const score = scoreCard(digits, context);
    if (score > 0) best = { next: next + 1, score };
  }
  return best;
}
