import { foldLeetspeak } from "../text-features/leetspeak.js";
import { foldHomoglyphs, removeInvisible } from "../text-features/normalize.js";

const latin = /[a-z]/;
const nonLatinLetter = /[^\p{Script=Latin}\p{M}]/u;
const spacedLetters = /(?<![\p{L}\p{N}])(?:\p{L}[ .\-_*]){3,}\p{L}(?![\p{L}\p{N}])/gu;
const latinMarks = /(?<=[a-z])\p{M}+/gu;
const asciiOnly = /^\p{ASCII}*$/u;
/**
 * Placeholders that redaction writes: `[REDACTED_EMAIL_ADDRESS_1]` (Anonymize, LLM Guard) and
 * `<PERSON>` (Presidio). Each becomes one sign, so a redacted value weighs like a short word
 * instead of a dozen tokens and n-grams that would dilute the sentence around it.
 */
const placeholder =
  /\[(?:REDACTED|redacted)(?:_[A-Za-z0-9]+)+\]|<(?:PERSON|EMAIL_ADDRESS|PHONE_NUMBER|LOCATION|ORGANIZATION|URL|IP_ADDRESS|CREDIT_CARD|US_SSN|IBAN_CODE|CRYPTO|UUID|DATE_TIME|NRP|CUSTOM)(?:_\d+)?>/g;
/** What a placeholder becomes. */
export const placeholderSign = "¤";

/**
 * The prompt-injection detector's normal form: NFKC, invisible characters removed, redaction
 * placeholders replaced by one sign, lower case, spaced-out letters joined ("i g n o r e"),
 * leetspeak folded, look-alike letters folded to Latin only inside words that mix them with
 * Latin letters ("іgnore" with a Cyrillic і), and diacritics dropped from Latin letters only.
 * Unlike `normalizeText` it keeps Cyrillic words and Devanagari vowel signs as they are, so
 * those languages keep their own n-grams.
 *
 * @example
 * normalizeForInjection("Ｉgn\u200Bore prev1ous іnstructions, пожалуйста") // "ignore previous instructions, пожалуйста"
 */
export function normalizeForInjection(text: string): string {
  // Plain ASCII has no compatibility forms, invisible characters, look-alikes or diacritics.
  const ascii = asciiOnly.test(text);
  let out = ascii ? text : removeInvisible(text.normalize("NFKC"));
  out = out.replace(placeholder, placeholderSign).toLowerCase();
  out = out.replace(spacedLetters, (match) => match.replace(/[ .\-_*]/g, ""));
  out = foldLeetspeak(out);
  if (ascii) return out;
  out = out.replace(/[\p{L}\p{M}]+/gu, (word) =>
    latin.test(word) && nonLatinLetter.test(word) ? foldHomoglyphs(word) : word,
  );
  return out.normalize("NFD").replace(latinMarks, "").normalize("NFC");
}
