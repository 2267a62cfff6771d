/** One word of a text, as the PERSON finder sees it. */
export interface Token {
  readonly text: string;
  /** Lower case without a trailing period. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
  /** Where the word's match of {@link wordPattern} ends (after a period): the next word starts later. */
  readonly after: number;
}

/** The word pattern the scanner below follows: a letter, then letters, marks, `'`, `’`, `-`, then an optional period. */
export const wordPattern = /\p{L}[\p{L}\p{M}'’-]*\.?/gu;
/** Whether the code point at `lastIndex` is a letter (only asked of non-ASCII code units). */
const letterAt = /\p{L}/uy;
/** Whether the code point at `lastIndex` is a mark or `’` (only asked of non-ASCII code units). */
const innerAt = /[\p{M}’]/uy;
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

/** Where the code point ending at `index` starts (`index - 2` for a surrogate pair). */
function codePointStartBefore(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  if (code < 0xdc00 || code > 0xdfff || index < 2) return index - 1;
  const high = text.charCodeAt(index - 2);
  return high >= 0xd800 && high <= 0xdbff ? index - 2 : index - 1;
}

const other = 0;
const letter = 1;
/** A mark, `'`, `’` or `-`: inside a word, never its first character. */
const inner = 2;

/** What the code point at `index` is to {@link wordPattern}: a letter, an inner character or other. */
function classAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) {
    if (isAsciiLetter(code)) return letter;
    return code === 39 || code === 45 ? inner : other;
  }
  letterAt.lastIndex = index;
  if (letterAt.test(text)) return letter;
  innerAt.lastIndex = index;
  return innerAt.test(text) ? inner : other;
}

/**
 * Where the word holding `index` (a letter or inner character of it) ends, after an optional
 * period. ASCII is decided from code units (an ASCII letter is `\p{L}`, and `'` and `-` are the
 * class's only other ASCII members); a non-ASCII code unit asks a sticky regex.
 */
export function wordEnd(text: string, index: number): number {
  const length = text.length;
  let end = index;
  while (end < length) {
    const next = text.charCodeAt(end);
    if (next < 128) {
      if (isAsciiLetter(next) || next === 39 || next === 45) end += 1;
      else break;
      continue;
    }
    wordRestAt.lastIndex = end;
    if (!wordRestAt.test(text)) break;
    end = wordRestAt.lastIndex;
  }
  return text.charCodeAt(end) === 46 ? end + 1 : end; // "."
}

/**
 * Where the first word at or after `from` starts (-1 when none does); `from` is 0 or where a
 * word ended, so the scan is outside a word there.
 */
export function nextWordStart(text: string, from: number): number {
  const length = text.length;
  let index = from;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code < 128) {
      if (isAsciiLetter(code)) return index;
      index += 1;
      continue;
    }
    letterAt.lastIndex = index;
    if (letterAt.test(text)) return index;
    index += codePointLength(text, index);
  }
  return -1;
}

/**
 * Whether the letter at `index` starts a word: no letter before the inner characters (marks,
 * `'`, `’`, `-`) right before it. Every letter belongs to a word, and a word starts at the first
 * letter of a run of letters and inner characters.
 */
export function isWordStart(text: string, index: number): boolean {
  let at = index;
  while (at > 0) {
    const before = codePointStartBefore(text, at);
    const kind = classAt(text, before);
    if (kind !== inner) return kind === other;
    at = before;
  }
  return true;
}

/** Where the last word starting before the word start `start` starts (-1 when none does). */
export function previousWordStart(text: string, start: number): number {
  // The nearest letter before is in that word (every letter is in a word, and nothing of the word
  // at `start` comes before it but inner characters); its word starts at its run's first letter.
  let at = start;
  while (at > 0) {
    const before = codePointStartBefore(text, at);
    at = before;
    if (classAt(text, before) !== letter) continue;
    let runStart = before;
    while (runStart > 0) {
      const previous = codePointStartBefore(text, runStart);
      if (classAt(text, previous) === other) break;
      runStart = previous;
    }
    while (classAt(text, runStart) !== letter) runStart += codePointLength(text, runStart);
    return runStart;
  }
  return -1;
}

/**
 * Push the start and end of every match of {@link wordPattern} in `text`, in order, with no
 * match array or string made per word.
 */
export function scanWords(text: string, starts: number[], ends: number[]): void {
  for (let start = nextWordStart(text, 0); start !== -1; ) {
    const end = wordEnd(text, start);
    starts.push(start);
    ends.push(end);
    start = nextWordStart(text, end);
  }
}

/**
 * The {@link Token} of the word starting at `start` (-1: none): its text without a possessive
 * `'s` or a trailing period, and its lower case.
 */
export function tokenAt(text: string, start: number): Token | undefined {
  if (start < 0) return undefined;
  const after = wordEnd(text, start);
  let word = text.slice(start, after);
  if (word.charCodeAt(word.length - 1) === 46) word = word.slice(0, -1); // "."
  const apostrophe = word.charCodeAt(word.length - 2);
  if (word.endsWith("s") && (apostrophe === 39 || apostrophe === 0x2019)) {
    word = word.slice(0, -2); // "'s", "’s"
  }
  return { text: word, lower: word.toLowerCase(), start, end: start + word.length, after };
}

/**
 * The words of one text as {@link Token}s, made when a rule reads them. The two made last are
 * kept: a run reads the word after it, which is the next word to open in all-lower-case text, and
 * the word before an opening is often the one read just before.
 */
export class Tokens {
  readonly #text: string;
  #recent: Token | undefined;
  #older: Token | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The word starting at `start` (-1: none). */
  at(start: number): Token | undefined {
    if (start < 0) return undefined;
    const recent = this.#recent;
    if (recent !== undefined && recent.start === start) return recent;
    const older = this.#older;
    if (older !== undefined && older.start === start) return older;
    const token = tokenAt(this.#text, start);
    this.#older = recent;
    this.#recent = token;
    return token;
  }

  /** The word after `token`, if any. */
  after(token: Token): Token | undefined {
    return this.at(nextWordStart(this.#text, token.after));
  }

  /** The word before the one starting at `start`, if any. */
  before(start: number): Token | undefined {
    const recent = this.#recent;
    if (this.#precedes(recent, start)) return recent;
    const older = this.#older;
    if (this.#precedes(older, start)) return older;
    return this.at(previousWordStart(this.#text, start));
  }

  /** Whether `token` is the word right before the one starting at `start`. */
  #precedes(token: Token | undefined, start: number): token is Token {
    return (
      token !== undefined &&
      token.after <= start &&
      nextWordStart(this.#text, token.after) === start
    );
  }
}

/**
 * Relations after which a known name may be typed in lower case ("my friend john smith", "my
 * boss priya"): only a known given name opens there, never an ordinary word.
 */
export const relationCueWords: readonly string[] = [
  "friend",
  "colleague",
  "coworker",
  "brother",
  "sister",
  "wife",
  "husband",
  "boss",
  "neighbor",
  "neighbour",
  "cousin",
  "son",
  "daughter",
  "mom",
  "mum",
  "dad",
  "uncle",
  "aunt",
  "boyfriend",
  "girlfriend",
  "partner",
  "roommate",
  "manager",
];

/** Words ending a lower-case name cue ("my name is", "call me", "i'm", "my friend"). */
export const lowerCueEnds: ReadonlySet<string> = new Set([
  "is",
  "me",
  "named",
  "signed",
  "am",
  "i'm",
  "im",
  ...relationCueWords,
]);

/**
 * The lower-case name cues, ending in blanks: "name is", "call me", "calls me", "named",
 * "signed" (`strong`: any word after them is a name in lower-case text), "i am", "i'm", "im" and
 * the relations (`weak`: only a known name).
 */
export const lowerNameCue = /(?:\bname is|\bcalls? me|\bnamed|\bsigned|\bi am|\bi'm|\bim)[ \t]+$/i;
export const lowerRelationCue = new RegExp(`\\b(?:${relationCueWords.join("|")})[ \\t]+$`, "i");

/** `word` in any ASCII case, as a regex source ("me" gives "[mM][eE]"). */
const anyAsciiCase = (word: string): string =>
  [...word].map((char) => (/[a-z]/.test(char) ? `[${char}${char.toUpperCase()}]` : char)).join("");

/**
 * Where a word may open a name in mixed-case text: an ASCII capital or any non-ASCII code unit
 * (a word start or not: the caller checks), or an ASCII lower-case letter after blanks that
 * follow a lower-case cue's keyword ({@link lowerNameCue}, {@link lowerRelationCue}) in any ASCII
 * case: the cue test in person.ts needs one of them right before the blanks (it folds ASCII case
 * only; no word boundary is asked here, so this finds more, never fewer).
 */
const openingPattern = new RegExp(
  `[A-Z\\u0080-\\uffff]|[ \\t](?<=(?:${[
    "name is",
    "call me",
    "calls me",
    "named",
    "signed",
    "i am",
    "i'm",
    "im",
    ...relationCueWords,
  ]
    .map(anyAsciiCase)
    .join("|")})[ \\t])[ \\t]*[a-z]`,
  "g",
);

/**
 * The words a PERSON run may start at, in order from a position. In all-lower-case text that is
 * every word; in mixed-case text, only words opening with a capital or a non-ASCII letter, and
 * lower-case words right after a lower-case name cue's blanks ("my name is john"): the other
 * lower-case words follow no cue and open nothing, and are never read.
 */
export class NameOpenings {
  readonly #text: string;
  readonly #everyWord: boolean;

  constructor(text: string, everyWord: boolean) {
    this.#text = text;
    this.#everyWord = everyWord;
  }

  /** The first such word starting at or after `from` (0 or where a word ended), or -1. */
  next(from: number): number {
    const text = this.#text;
    if (this.#everyWord) return nextWordStart(text, from);
    const pattern = openingPattern;
    pattern.lastIndex = from;
    while (pattern.test(text)) {
      const at = pattern.lastIndex - 1;
      const code = text.charCodeAt(at);
      if (code < 128) {
        // A lower-case letter is the end of a cue's match: it opens a word after blanks. A
        // capital must be a word's first letter.
        if (code >= 97 || isWordStart(text, at)) return at;
        pattern.lastIndex = wordEnd(text, at);
        continue;
      }
      // The second half of a surrogate pair was asked about with its first half.
      if (code >= 0xdc00 && code <= 0xdfff && at > 0) {
        const high = text.charCodeAt(at - 1);
        if (high >= 0xd800 && high <= 0xdbff) continue;
      }
      if (classAt(text, at) !== letter) continue;
      if (isWordStart(text, at)) return at;
      pattern.lastIndex = wordEnd(text, at);
    }
    return -1;
  }
}
