/** One word of a text, as the PERSON finder sees it. */
export interface Token {
  readonly text: string;
  /** Lower case without a trailing period. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

const wordPattern = /\p{L}[\p{L}\p{M}'’-]*\.?/gu;

/**
 * The words of a text with their offsets; the {@link Token} of a word (its text without a
 * possessive `'s` or a trailing period, and its lower case) is made only when a rule looks at it,
 * as most words of mixed-case prose open no name and sit next to none.
 */
export class Words {
  readonly #text: string;
  readonly #raw: string[] = [];
  readonly #starts: number[] = [];
  readonly #tokens: (Token | undefined)[] = [];

  constructor(text: string) {
    this.#text = text;
    // One shared pattern (a new RegExp per text starts its matcher cold); lastIndex is reset
    // before each use, and the loop runs to the end, leaving it at 0 again.
    const pattern = wordPattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      this.#raw.push(match[0]);
      this.#starts.push(match.index);
    }
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
    let word = this.#raw[index]!;
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
