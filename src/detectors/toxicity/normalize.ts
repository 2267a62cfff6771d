import { leetspeak } from "../text-features/leetspeak.js";

/**
 * Text normalisation for toxicity detection: undoes the usual ways people hide offensive words
 * (l33t digits and symbols, masking such as `f*ck`, spacing such as `f u c k`, stretched letters
 * such as `fuuuck`) so lexicon lookups and the model see the plain word.
 */

const invisible =
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
const combiningMarks = /\p{M}+/gu;

/** Digits and symbols that stand for letters inside words (`sh1t`, `@ss`, `a$$`). */
/** Whole words written in leet that letter folding gets wrong (`h8` is "hate", not "hb"). */
export const leetWords: Readonly<Record<string, string>> = {
  h8: "hate",
  h8s: "hates",
  h8ed: "hated",
  h8er: "hater",
  h8ers: "haters",
  h8ful: "hateful",
  sk8: "skate",
  gr8: "great",
  l8r: "later",
  m8: "mate",
};

/** The shared leetspeak table plus the symbols abusive spellings use (`@ss`, `ki||`, `h8`). */
export const leetMap: Readonly<Record<string, string>> = {
  ...leetspeak,
  "9": "g",
  "@": "a",
  "|": "l",
  "€": "e",
  "+": "t",
  "¡": "i",
};

/** One word of the input, with the forms used for lookups. */
export interface NormalizedToken {
  /** The lower-cased surface form with leet folded (`sh1t` -> `shit`). */
  text: string;
  /** True when the surface form contained mask characters (`f*ck`). */
  masked: boolean;
  /** Character offset of the word in the NFKC-folded, lower-cased text. */
  start: number;
}

/**
 * The tokens of a text as parallel arrays, one entry per token (no object per token: the rules
 * read `words[index]` on every token many times, and a piece has a hundred tokens or so).
 */
export interface Tokens {
  /** The lower-cased surface form of each token with leet folded (`sh1t` -> `shit`). */
  readonly words: readonly string[];
  /** Character offset of each token in the NFKC-folded, lower-cased text. */
  readonly starts: readonly number[];
  /** Whether each token's surface form contained mask characters (`f*ck`). */
  readonly masked: readonly boolean[];
  /** Whether any token is masked (most texts have none). */
  readonly anyMasked: boolean;
}

/** Any code unit outside ASCII (surrogates included: the pattern has no u flag). */
const nonAscii = /[\u0080-\uffff]/;

/** NFKC, lower case, no invisible characters and no diacritics. */
export function foldText(text: string): string {
  // ASCII is stable under NFKC and NFD and holds no invisible character or combining mark.
  if (!nonAscii.test(text)) {
    const lower = text.toLowerCase();
    return lower.includes("`") ? lower.replace(/`/g, "'") : lower;
  }
  return text
    .normalize("NFKC")
    .replace(invisible, "")
    .normalize("NFD")
    .replace(combiningMarks, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'");
}

/** Replace leet characters when the word also contains letters (`2024` stays as it is). */
export function foldLeet(word: string): string {
  if (!/\p{L}/u.test(word)) return word;
  let out = "";
  for (const char of word) out += leetMap[char] ?? char;
  return out;
}

/** True when `word` has two equal characters in a row (cheap pre-check before squeezing). */
export function hasDoubled(word: string): boolean {
  for (let index = 1; index < word.length; index += 1) {
    if (word.charCodeAt(index) === word.charCodeAt(index - 1)) return true;
  }
  return false;
}

/**
 * Shorten runs of one repeated character to at most `keep` (`fuuuuck` -> `fuck` with 1,
 * `asssss` -> `ass` with 2).
 */
export function squeezeRuns(word: string, keep: 1 | 2): string {
  // No two equal characters in a row: every run is already short enough.
  if (!hasDoubled(word)) return word;
  let out = "";
  let run = 0;
  for (let index = 0; index < word.length; index += 1) {
    run = index > 0 && word[index] === word[index - 1] ? run + 1 : 1;
    if (run <= keep) out += word[index];
  }
  return out;
}

/** The tokens being collected by {@link splitTokens}. */
interface TokenBuilder {
  words: string[];
  starts: number[];
  masked: boolean[];
  anyMasked: boolean;
}

function push(out: TokenBuilder, word: string, start: number, masked: boolean): void {
  out.words.push(word);
  out.starts.push(start);
  out.masked.push(masked);
  if (masked) out.anyMasked = true;
}

/**
 * Split folded text into tokens, joining spaced-out letters (`f u c k`, `f.u.c.k`).
 *
 * @example
 * splitTokens(foldText("You f*cking idiot")).words; // ["you", "f*cking", "idiot"]
 */
export function splitTokens(folded: string, isKnown?: (word: string) => boolean): Tokens {
  const raw: TokenBuilder = { words: [], starts: [], masked: [], anyMasked: false };
  let start = -1;
  let letters = 0;
  let apostrophes = 0;
  let digits = 0;
  const length = folded.length;
  for (let index = 0; index <= length; index += 1) {
    const code = index < length ? folded.charCodeAt(index) : 32;
    const lower = code >= 97 && code <= 122;
    if (lower || (code > 32 && isWordChar(code, folded, index))) {
      if (start === -1) {
        start = index;
        letters = 0;
        apostrophes = 0;
        digits = 0;
      }
      if (lower) {
        // The rest of this run of lower-case letters in a tighter loop (most of every text).
        let end = index + 1;
        while (end < length) {
          const next = folded.charCodeAt(end);
          if (next < 97 || next > 122) break;
          end += 1;
        }
        letters += end - index;
        index = end - 1;
      } else if (code === 39) apostrophes += 1;
      else if (code >= 48 && code <= 57) digits += 1;
      continue;
    }
    if (start === -1) continue;
    const size = index - start;
    // ASCII digits alone (years, counts) come out of pushObfuscated as they went in.
    if (letters === size || digits === size) push(raw, folded.slice(start, index), start, false);
    else if (letters + apostrophes === size)
      pushWithApostrophes(raw, folded.slice(start, index), start);
    else pushObfuscated(raw, folded.slice(start, index), start);
    start = -1;
  }
  return joinSpacedLetters(raw, isKnown);
}

/** {@link splitTokens} as one object per token (for inspection and tests). */
export function tokenize(folded: string, isKnown?: (word: string) => boolean): NormalizedToken[] {
  return tokenObjects(splitTokens(folded, isKnown));
}

/** One object per token of `tokens`. */
export function tokenObjects(tokens: Tokens): NormalizedToken[] {
  return tokens.words.map((text, index) => ({
    text,
    masked: tokens.masked[index]!,
    start: tokens.starts[index]!,
  }));
}

/** `don't` -> `dont`, `'quoted'` -> `quoted`. */
function pushWithApostrophes(raw: TokenBuilder, word: string, start: number): void {
  const text = word.replace(/'/g, "");
  if (text !== "") push(raw, text, start, false);
}

const wordSymbols = new Set("*#%@$!|€+¡'_-".split("").map((char) => char.charCodeAt(0)));
/** {@link wordSymbols} and the digits, by ASCII code (one load for the punctuation of every text). */
const asciiWordChars = Uint8Array.from({ length: 128 }, (_, code) =>
  (code >= 48 && code <= 57) || wordSymbols.has(code) ? 1 : 0,
);
const letterOrDigit = /[\p{L}\p{N}]/u;

function isWordChar(code: number, text: string, index: number): boolean {
  if (code < 128) return asciiWordChars[code] === 1;
  if (wordSymbols.has(code)) return true;
  return letterOrDigit.test(text[index]!);
}

/** Fold one word that is not plain ASCII letters (leet, masks, spaced letters, accents). */
function pushObfuscated(raw: TokenBuilder, word: string, start: number): void {
  const surface = word.replace(/^['_-]+|['_-]+$/g, "");
  if (surface === "") return;
  // A masked word is letters with a run of mask characters inside or at the end (`f*ck`, `sh**`).
  const masked = surface.length <= 14 && /^\p{L}+[*#%]+\p{L}*$/u.test(surface);
  const plain = /^(\p{L}[-_]){2,}\p{L}$/u.test(surface) ? surface.replace(/[-_]/g, "") : surface;
  const leet = masked ? plain : (leetWords[plain] ?? foldLeet(plain).replace(/'/g, ""));
  const text = leet.replace(/[!|]+$/, "");
  if (text !== "") push(raw, text, start, masked);
}

/** Merge runs of 3+ one-letter tokens into one word (`f u c k` -> `fuck`). */
function joinSpacedLetters(tokens: TokenBuilder, isKnown?: (word: string) => boolean): Tokens {
  const { words, starts, masked } = tokens;
  if (!hasSpacedRun(words)) return tokens;
  const out: TokenBuilder = { words: [], starts: [], masked: [], anyMasked: false };
  let index = 0;
  while (index < words.length) {
    let end = index;
    while (end < words.length && isSingleLetter(words[end]!)) end += 1;
    if (end - index >= 3) {
      let text = words.slice(index, end).join("");
      // "I h a t e X": the pronoun or article before the spaced word is its own word.
      if (
        isKnown &&
        !isKnown(text) &&
        (text[0] === "i" || text[0] === "a") &&
        isKnown(text.slice(1))
      ) {
        push(out, words[index]!, starts[index]!, masked[index]!);
        text = text.slice(1);
      }
      push(out, text, starts[index]!, false);
      index = end;
    } else {
      push(out, words[index]!, starts[index]!, masked[index]!);
      index += 1;
    }
  }
  return out;
}

/** Whether three or more one-letter tokens follow each other (most texts have none). */
function hasSpacedRun(words: readonly string[]): boolean {
  let run = 0;
  for (const word of words) {
    run = word.length === 1 && isSingleLetter(word) ? run + 1 : 0;
    if (run === 3) return true;
  }
  return false;
}

function isSingleLetter(text: string): boolean {
  return text.length === 1 && /\p{L}/u.test(text);
}
