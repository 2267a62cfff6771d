import type { CountryCode, PhoneNumber } from "libphonenumber-js";
import { allMatches } from "../text-features/all-matches.js";
import type { PiiMatch } from "./entity-types.js";

/** The part of libphonenumber-js the recognizer uses (injected so it can be loaded lazily). */
export type ParsePhoneNumber = (
  text: string,
  defaultCountry?: CountryCode,
) => PhoneNumber | undefined;

/** Countries whose national formats are tried for numbers written without a `+` prefix. */
export const defaultPhoneRegions: readonly CountryCode[] = [
  "US",
  "GB",
  "DE",
  "FR",
  "IN",
  "BR",
  "AU",
  "IL",
];

const candidatePattern =
  /(?<![\w+/.-])(?:\+|00)?(?:\(\d{1,5}\)|\d)[\d \t()./-]{4,22}\d(?:\s*(?:x|ext\.?|#)\s*\d{1,6})?(?![\w/]|[-.]\d)/g;
/** Dates, compact dates and year ranges (20240312.1, 2019-2023) look like short numbers. */
const datePattern =
  /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$|^(?:1[5-9]|20)\d\d\s*[-–/]\s*(?:1[5-9]|20)\d\d$|^(?:19|20)\d\d[01]\d[0-3]\d\b/;
/** A dotted quad is an IP address (its own recognizer), never worth asking libphonenumber. */
const ipv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
/**
 * Part and reference numbers rather than phones: five or more groups that are not the French
 * pairs (24-31-00-000-801), or a spaced slash (PO 55120 / 14).
 */
function looksLikeReference(candidate: string): boolean {
  if (/\s\/|\/\s/.test(candidate)) return true;
  const groups = candidate.split(/[\s()./-]+/).filter((group) => group !== "");
  return groups.length >= 5 && !groups.every((group) => group.length === 2);
}
const cueBefore =
  /\b(?:phone|tel|telephone|call|calling|mobile|cell|fax|whatsapp|sms|text me|reach me|contact|dial|ph|at)\b[^.\n\d]{0,16}$/i;
const cueAfter = /^[\s-]*(?:\(?(?:office|fax|mobile|cell|home|work|phone|tel)\b)/i;
const notPhoneBefore =
  /\b(?:license|licence|account|order|invoice|ssn|id|passport|serial|policy|tracking|zip|postcode|apt|suite)\b\.?[^.\n]{0,20}$/i;

/** Digits of the number itself, without an extension (`x818`, `ext. 12`). */
function digitCount(value: string): number {
  return value.replace(/\s*(?:x|ext\.?|#)\s*\d+$/, "").replace(/\D/g, "").length;
}

/**
 * Confidence from the number itself: valid numbers (by the max metadata) score high; numbers that
 * are only possible (fake or unassigned ranges) score lower; bare digit strings lower still.
 */
function scoreCandidate(
  candidate: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[],
): number {
  const formatted = /[\s().-]/.test(candidate);
  if (candidate.startsWith("+") || candidate.startsWith("00")) {
    const number = parse(candidate.startsWith("00") ? `+${candidate.slice(2)}` : candidate);
    if (number?.isValid()) return 0.9;
    return number?.isPossible() ? 0.55 : 0;
  }
  let possible = false;
  for (const region of regions) {
    const number = parse(candidate, region);
    if (number?.isValid()) return formatted && digitCount(candidate) >= 9 ? 0.75 : 0.45;
    if (number?.isPossible()) possible = true;
  }
  if (!possible) return /^0{1,2}1[-. ]/.test(candidate) ? 0.45 : 0;
  return formatted ? 0.45 : 0.3;
}

/**
 * Most candidate scores remembered per parser; the memo starts over when it is full. Its keys are
 * phone-like strings from scanned texts (personal data outliving the scan), so it stays small: a
 * number recurs within a document (a signature, a footer on every page), which 64 entries cover,
 * and the 51k-chunk ingest bench corpus holds 16 distinct candidates among its 5,850, so a larger
 * memo would only flatter the generated text.
 */
const memoLimit = 64;
/** Scores of candidates already parsed with the default regions, per parser. */
const memos = new WeakMap<ParsePhoneNumber, Map<string, number>>();

/**
 * {@link scoreCandidate}, remembered for the default regions: the score is a function of the
 * candidate alone, and libphonenumber's parse (up to eight regions, each testing the number
 * types of every country sharing a calling code) costs 50–600 µs, while the same number recurs
 * in a document (a signature, a footer) and in the overlap of consecutive chunks.
 */
function memoScore(
  candidate: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[],
): number {
  if (regions !== defaultPhoneRegions) return scoreCandidate(candidate, parse, regions);
  let memo = memos.get(parse);
  if (memo === undefined) {
    memo = new Map();
    memos.set(parse, memo);
  }
  const known = memo.get(candidate);
  if (known !== undefined) return known;
  const score = scoreCandidate(candidate, parse, regions);
  if (memo.size >= memoLimit) memo.clear();
  memo.set(candidate, score);
  return score;
}

/**
 * Find phone numbers: cheap candidate spans (7–15 digits with the usual separators, not dates)
 * checked with libphonenumber-js, international form first, then each of `regions`' national forms.
 * A phone word just before ("call", "tel:", "mobile") raises the confidence.
 */
export function findPhoneNumbers(
  text: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[] = defaultPhoneRegions,
): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of allMatches(candidatePattern, text)) {
    const candidate = match[0].trimEnd();
    const digits = digitCount(candidate);
    if (digits < 7 || digits > 15 || datePattern.test(candidate)) continue;
    if (ipv4Pattern.test(candidate)) continue;
    if (!candidate.startsWith("+") && looksLikeReference(candidate)) continue;
    let score = memoScore(candidate, parse, regions);
    if (score === 0) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const after = text.slice(match.index + candidate.length, match.index + candidate.length + 12);
    if (notPhoneBefore.test(before)) score -= 0.3;
    else if (cueBefore.test(before) || cueAfter.test(after)) score = Math.min(1, score + 0.2);
    if (score <= 0) continue;
    found.push({
      type: "PHONE_NUMBER",
      start: match.index,
      end: match.index + candidate.length,
      text: candidate,
      score,
    });
  }
  return found;
}
