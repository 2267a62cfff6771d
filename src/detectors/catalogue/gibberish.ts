import { letterPairCost } from "./letter-bigrams.generated.js";

/** Keyboard runs people mash, either way along a row (`asdf`, `qwerty`, `lkjh`). */
const mash =
  /qwer|wert|asdf|sdfg|dfgh|fghj|ghjk|hjkl|zxcv|xcvb|cvbn|vbnm|yuio|uiop|rewq|trew|fdsa|gfds|hgfd|jhgf|kjhg|lkjh|vcxz|bvcx|nbvc|mnbv|oiuy|poiu/i;
const vowels = /[aeiouyàáâäãåèéêëìíîïòóôöõùúûüæøœ]/i;

/** Mean letter-pair cost (half bits) above which a word is not English-like: words run 6–10.5. */
const implausibleCost = 11;
const boundary = 26;

/** Mean cost of a lower-case a–z word's letter pairs, word boundaries included. */
function letterCost(word: string): number {
  let total = 0;
  let previous = boundary;
  for (let i = 0; i < word.length; i += 1) {
    const next = word.charCodeAt(i) - 97;
    total += letterPairCost[previous * 27 + next]!;
    previous = next;
  }
  total += letterPairCost[previous * 27 + boundary]!;
  return total / (word.length + 1);
}

/** Capitals after the first letter (random case: `aSdFgHjK`). */
function innerCapitals(word: string): number {
  let count = 0;
  for (let i = 1; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (code >= 65 && code <= 90) count += 1;
  }
  return count;
}

/**
 * Why one Latin-script word looks like noise, or undefined when it looks like a word. Words of
 * up to three letters are not judged (`brb`, `npm`, `SKU`).
 */
function noiseReason(word: string): string | undefined {
  if (word.length < 4) return undefined;
  if (mash.test(word)) return "keyboard_run";
  if (/(.)\1{3,}/iu.test(word)) return "repeated_letters";
  if (!vowels.test(word)) return "no_vowels";
  if (/[^aeiouy]{6,}/i.test(word) && !/(?:tch|sch|ght|str|ngs)/i.test(word)) return "consonant_run";
  if (word.length > 24) return "too_long";
  if (word.length >= 6 && /^(\p{L}{2,3})\1{2,}\p{L}{0,2}$/iu.test(word)) return "repeated_chunk";
  // ALL-CAPS tokens of up to five letters are acronyms and codes (SKU, HTTPS; NASDAQ is six).
  const acronym = word.length <= 5 && word === word.toUpperCase();
  const lower = word.toLowerCase();
  if (!acronym && /^[a-z]+$/.test(lower) && letterCost(lower) > implausibleCost) {
    return "unlikely_letter_pairs";
  }
  if (word.length >= 6) {
    const capitals = innerCapitals(word);
    if (capitals >= 3 && capitals < word.length - 1) return "random_case";
  }
  return undefined;
}

/** Share of noise words at which a text is taken for noise with certainty (score 1). */
export const noiseShareForCertain = 0.7;

/**
 * How likely a text is to be noise, 0..1: the share of its Latin-script words that cannot be
 * words (keyboard runs, no vowels, long consonant runs, letters repeated four times, a chunk
 * repeated, random case, letter pairs English rarely has — `letter-bigrams.generated.ts`), over
 * {@link noiseShareForCertain} and capped at 1 (so a text that is 70% noise words scores 1), raised
 * when symbols outnumber letters. It sees character noise only: "word salad" (real words in a
 * meaningless order) and pronounceable made-up words score clean, and texts in other scripts are
 * not judged.
 *
 * @example
 * gibberishScore("asdfgh qwrtzp xkcdvb"); // 1
 */
export function gibberishScore(text: string): number {
  const words = text.match(/\p{L}+/gu) ?? [];
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  const symbols = (text.match(/[^\p{L}\p{N}\s]/gu) ?? []).length;
  const symbolNoise =
    letters === 0 ? (symbols > 0 ? 1 : 0) : Math.max(0, Math.min(1, symbols / letters - 0.5));
  const latinWords = words.filter(
    (word) => /^[A-Za-z]+$/.test(word) || /^\p{Script=Latin}+$/u.test(word),
  );
  // Words of one or two letters ("ok", "dd") say little either way: judged only when alone.
  const longer = latinWords.filter((word) => word.length > 2);
  const latin = longer.length > 0 ? longer : latinWords;
  if (latin.length === 0) return symbolNoise;
  const noisy = latin.filter((word) => noiseReason(word) !== undefined).length;
  return Math.max(Math.min(1, noisy / latin.length / noiseShareForCertain), symbolNoise);
}
