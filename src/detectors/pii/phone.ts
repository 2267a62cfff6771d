import type { CountryCode, PhoneNumber } from "libphonenumber-js";
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
  /(?<![\w+/.-])(?:\+|00)?(?:\(\d{1,5}\)|\d)[\d \t()./-]{4,22}\d(?:\s*(?:x|ext\.?|#)\s*\d{1,5})?(?![\w/-]|\.\d)/g;
const datePattern = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const phoneCue =
  /\b(?:phone|tel|telephone|call|mobile|cell|fax|whatsapp|sms|text me|reach me|contact|number|dial|ph)\b[^.\n]{0,24}$/i;

function digitCount(value: string): number {
  return value.replace(/\D/g, "").length;
}

/** Confidence that one candidate is a phone number, trying international then national formats. */
function scoreCandidate(
  candidate: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[],
): number {
  const international = candidate.startsWith("+") || candidate.startsWith("00");
  if (international) {
    const number = parse(candidate.startsWith("00") ? `+${candidate.slice(2)}` : candidate);
    if (number?.isValid()) return 0.9;
    return number?.isPossible() ? 0.5 : 0;
  }
  let best = 0;
  for (const region of regions) {
    const number = parse(candidate, region);
    if (number?.isValid()) return 0.75;
    if (number?.isPossible()) best = 0.4;
  }
  return best;
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
  for (const match of text.matchAll(candidatePattern)) {
    const candidate = match[0].trimEnd();
    const digits = digitCount(candidate);
    if (digits < 7 || digits > 15 || datePattern.test(candidate)) continue;
    let score = scoreCandidate(candidate, parse, regions);
    if (score === 0) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (phoneCue.test(before)) score = Math.min(1, score + 0.2);
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
