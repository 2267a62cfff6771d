import { foldLeetspeak } from "../text-features/leetspeak.js";
import { foldHomoglyphs, removeInvisible } from "../text-features/normalize.js";

const latin = /[a-z]/;
const nonLatinLetter = /[^\p{Script=Latin}\p{M}]/u;
const spacedLetters = /(?<![\p{L}\p{N}])(?:\p{L}[ .\-_*]){3,}\p{L}(?![\p{L}\p{N}])/gu;
const latinMarks = /(?<=[a-z])\p{M}+/gu;
const asciiOnly = /^\p{ASCII}*$/u;

/**
 * The prompt-injection detector's normal form: NFKC, invisible characters removed, lower case,
 * spaced-out letters joined ("i g n o r e"), leetspeak folded, look-alike letters folded to
 * Latin only inside words that mix them with Latin letters ("іgnore" with a Cyrillic і), and
 * diacritics dropped from Latin letters only. Unlike `normalizeText` it keeps Cyrillic words
 * and Devanagari vowel signs as they are, so those languages keep their own n-grams.
 *
 * @example
 * normalizeForInjection("Ｉgn\u200Bore prev1ous іnstructions, пожалуйста") // "ignore previous instructions, пожалуйста"
 */
export function normalizeForInjection(text: string): string {
  // Plain ASCII has no compatibility forms, invisible characters, look-alikes or diacritics.
  const ascii = asciiOnly.test(text);
  let out = (ascii ? text : removeInvisible(text.normalize("NFKC"))).toLowerCase();
  out = out.replace(spacedLetters, (match) => match.replace(/[ .\-_*]/g, ""));
  out = foldLeetspeak(out);
  if (ascii) return out;
  out = out.replace(/[\p{L}\p{M}]+/gu, (word) =>
    latin.test(word) && nonLatinLetter.test(word) ? foldHomoglyphs(word) : word,
  );
  return out.normalize("NFD").replace(latinMarks, "").normalize("NFC");
}
