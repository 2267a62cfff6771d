/**
 * Text normalisation for toxicity detection: undoes the usual ways people hide offensive words
 * (l33t digits and symbols, masking such as `f*ck`, spacing such as `f u c k`, stretched letters
 * such as `fuuuck`) so lexicon lookups and the model see the plain word.
 */

const invisible =
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
const combiningMarks = /\p{M}+/gu;

/** Digits and symbols that stand for letters inside words (`sh1t`, `@ss`, `a$$`). */
export const leetMap: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  "€": "e",
  "+": "t",
  "¡": "i",
};

/** Characters used to mask letters (`f*ck`, `f#ck`, `f**k`). */
const maskChars = /[*#%_]/;
const tokenPattern = /[\p{L}\p{N}*#%@$!|€+¡'’_-]+/gu;

/** One word of the input, with the forms used for lookups. */
export interface NormalizedToken {
  /** The lower-cased surface form with leet folded (`sh1t` -> `shit`). */
  text: string;
  /** True when the surface form contained mask characters (`f*ck`). */
  masked: boolean;
  /** True when leet folding or de-stretching changed the word. */
  obfuscated: boolean;
  /** Character offset of the word in the NFKC-folded, lower-cased text. */
  start: number;
}

/** NFKC, lower case, no invisible characters and no diacritics. */
export function foldText(text: string): string {
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

/** Runs of 3+ identical letters shortened to 2 (`fuuuuck` -> `fuuck`). */
export function squeezeRuns(word: string, keep: 1 | 2): string {
  return keep === 1 ? word.replace(/(\p{L})\1+/gu, "$1") : word.replace(/(\p{L})\1{2,}/gu, "$1$1");
}

/** Split folded text into tokens, joining spaced-out letters (`f u c k`, `f.u.c.k`). */
export function tokenize(folded: string): NormalizedToken[] {
  const raw: NormalizedToken[] = [];
  for (const match of folded.matchAll(tokenPattern)) {
    const surface = match[0].replace(/^['_-]+|['_-]+$/g, "");
    if (surface === "") continue;
    const masked = maskChars.test(surface.slice(1)) && /\p{L}/u.test(surface);
    const plain = /^(\p{L}[-_]){2,}\p{L}$/u.test(surface) ? surface.replace(/[-_]/g, "") : surface;
    const leet = masked ? plain : foldLeet(plain).replace(/'/g, "");
    const text = leet.replace(/[!|]+$/, "");
    raw.push({ text, masked, obfuscated: text !== surface, start: match.index });
  }
  return joinSpacedLetters(raw);
}

/** Merge runs of 3+ one-letter tokens into one word (`f u c k` -> `fuck`). */
function joinSpacedLetters(tokens: NormalizedToken[]): NormalizedToken[] {
  const out: NormalizedToken[] = [];
  let index = 0;
  while (index < tokens.length) {
    let end = index;
    while (end < tokens.length && isSingleLetter(tokens[end]!.text)) end += 1;
    if (end - index >= 3) {
      const run = tokens.slice(index, end);
      out.push({
        text: run.map((token) => token.text).join(""),
        masked: false,
        obfuscated: true,
        start: run[0]!.start,
      });
      index = end;
    } else {
      out.push(tokens[index]!);
      index += 1;
    }
  }
  return out;
}

function isSingleLetter(text: string): boolean {
  return text.length === 1 && /\p{L}/u.test(text);
}
