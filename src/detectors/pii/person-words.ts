/** One word of a text, as the PERSON finder sees it. */
export interface Token {
  readonly text: string;
  /** Lower case without a trailing period. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

/** The word pattern the scanner below follows: a letter, then letters, marks, `'`, `’`, `-`, then an optional period. */
export const wordPattern = /\p{L}[\p{L}\p{M}'’-]*\.?/gu;
/** Whether the code point at `lastIndex` is a letter (only asked of non-ASCII code units). */
const letterAt = /\p{L}/uy;
/** The rest of a word from `lastIndex` (only asked at a non-ASCII code unit inside a word). */
const wordRestAt = /[\p{L}\p{M}'’-]+/uy;

function isAsciiLetter(code: number): boolean {
  return (code | 32) >= 97 && (code | 32) <= 122;
}

/** The code units the code point at `index` takes (2 for a surrogate pair). */
function codePointLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff) return 1;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/**
 * Push the start and end of every match of {@link wordPattern} in `text`, in order. ASCII is
 * decided from code units (an ASCII letter is `\p{L}`, and `'` and `-` are the class's only other
 * ASCII members); a non-ASCII code unit asks a sticky regex, so the words are the pattern's, with
 * no match array or string made per word.
 */
export function scanWords(text: string, starts: number[], ends: number[]): void {
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code < 128) {
      if (!isAsciiLetter(code)) {
        index += 1;
        continue;
      }
    } else {
      letterAt.lastIndex = index;
      if (!letterAt.test(text)) {
        index += codePointLength(text, index);
        continue;
      }
    }
    const start = index;
    index += code < 128 ? 1 : codePointLength(text, index);
    while (index < length) {
      const next = text.charCodeAt(index);
      if (next < 128) {
        if (isAsciiLetter(next) || next === 39 || next === 45) index += 1;
        else break;
        continue;
      }
      wordRestAt.lastIndex = index;
      if (!wordRestAt.test(text)) break;
      index = wordRestAt.lastIndex;
    }
    if (text.charCodeAt(index) === 46) index += 1; // "."
    starts.push(start);
    ends.push(index);
  }
}

/**
 * The words of a text with their offsets; the {@link Token} of a word (its text without a
 * possessive `'s` or a trailing period, and its lower case) is made only when a rule looks at it,
 * as most words of mixed-case prose open no name and sit next to none.
 */
export class Words {
  readonly #text: string;
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];
  readonly #tokens: (Token | undefined)[] = [];

  constructor(text: string) {
    this.#text = text;
    scanWords(text, this.#starts, this.#ends);
  }

  get length(): number {
    return this.#starts.length;
  }

  /** First code unit of word `index` (which exists). */
  firstCode(index: number): number {
    return this.#text.charCodeAt(this.#starts[index]!);
  }

  /** The code unit after the first of word `index` (NaN at the end of the text). */
  secondCode(index: number): number {
    return this.#text.charCodeAt(this.#starts[index]! + 1);
  }

  /** Word `index`, or undefined past either end. */
  at(index: number): Token | undefined {
    if (index < 0 || index >= this.#starts.length) return undefined;
    const known = this.#tokens[index];
    if (known) return known;
    let word = this.#text.slice(this.#starts[index]!, this.#ends[index]!);
    if (word.charCodeAt(word.length - 1) === 46) word = word.slice(0, -1); // "."
    const apostrophe = word.charCodeAt(word.length - 2);
    if (word.endsWith("s") && (apostrophe === 39 || apostrophe === 0x2019)) {
      word = word.slice(0, -2); // "'s", "’s"
    }
    const start = this.#starts[index]!;
    const token = { text: word, lower: word.toLowerCase(), start, end: start + word.length };
    this.#tokens[index] = token;
    return token;
  }
}

/** Words ending a lower-case name cue ("my name is", "call me", "i'm"). */
export const lowerCueEnds: ReadonlySet<string> = new Set([
  "is",
  "me",
  "named",
  "signed",
  "am",
  "i'm",
  "im",
]);

/**
 * Whether word `index`, starting with an ASCII lower-case letter, may follow a lower-case name
 * cue (`is`, `me`, `named`, `signed`, `am`, `i'm`, `im`): false when the word before opens with
 * two ASCII characters no cue word opens with (`is`, `im`, `i'`, `me`, `na`, `si`, `am`).
 */
export function mayFollowLowerCue(words: Words, index: number): boolean {
  if (index === 0) return false;
  const first = words.firstCode(index - 1);
  const second = words.secondCode(index - 1);
  if (first >= 128 || second >= 128) return true;
  const next = second | 32;
  switch (first | 32) {
    case 97: // a
      return next === 109; // m
    case 105: // i
      return next === 115 || next === 109 || second === 39; // s, m, '
    case 109: // m
      return next === 101; // e
    case 110: // n
      return next === 97; // a
    case 115: // s
      return next === 105; // i
    default:
      return false;
  }
}
