import type { PiiMatch } from "./entity-types.js";
import type { NameLexicon } from "./name-lexicon.js";
import { strongNameCue, weakNameCue } from "./name-lists.js";

interface Token {
  readonly text: string;
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

const wordPattern = /\p{L}[\p{L}\p{M}'’-]*\.?/gu;
const maxNameTokens = 4;

/** Tokens of `text` with offsets; a trailing possessive `'s` and period are not part of the word. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(wordPattern)) {
    let word = match[0];
    if (word.endsWith(".") && word.length > 2 && !/^[A-Z][a-z]?\.$/.test(word))
      word = word.slice(0, -1);
    word = word.replace(/['’]s$/u, "");
    tokens.push({
      text: word,
      lower: word.toLowerCase(),
      start: match.index,
      end: match.index + word.length,
    });
  }
  return tokens;
}

function isCapitalized(word: string): boolean {
  const first = word[0] ?? "";
  return first !== first.toLowerCase() && word.slice(1) !== word.slice(1).toUpperCase();
}

/** Whether `token` can be part of a name, and how strongly the lexicon says so. */
function nameEvidence(token: Token, lexicon: NameLexicon, lowerText: boolean): number {
  const bare = token.lower.replace(/\.$/, "");
  const known = lexicon.givenNames.has(bare) || lexicon.surnames.has(bare);
  const caps =
    isCapitalized(token.text) ||
    (token.text.length > 1 && token.text === token.text.toUpperCase() && known);
  if (!caps && !(lowerText && known && !lexicon.otherWords.has(bare))) return 0;
  if (known) return 2;
  if (lexicon.ambiguousNames.has(bare)) return 1;
  if (lexicon.otherWords.has(bare) || lexicon.honorifics.has(bare)) return 0;
  return 1;
}

function gapIsSpace(text: string, from: number, to: number): boolean {
  const gap = text.slice(from, to);
  return gap.length > 0 && gap.length <= 2 && /^[ \t]+$/.test(gap);
}

function atSentenceStart(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 4), start).trimEnd();
  return before === "" || /[.!?:;\n"“(]$/.test(before) || text.slice(0, start).trim() === "";
}

/** Confidence that the run `tokens[from..to)` names a person. */
function scoreRun(run: readonly Token[], text: string, lexicon: NameLexicon): number {
  const first = run[0]!;
  const words = run.filter((token) => !lexicon.particles.has(token.lower));
  const given = words.filter((token) => lexicon.givenNames.has(token.lower)).length;
  const sur = words.filter((token) => lexicon.surnames.has(token.lower)).length;
  const ambiguous = words.filter((token) => lexicon.ambiguousNames.has(token.lower)).length;
  const before = text.slice(Math.max(0, first.start - 32), first.start);
  const previousWord = /([\p{L}]+)\.?\s*$/u.exec(before)?.[1]?.toLowerCase() ?? "";
  const honorific = lexicon.honorifics.has(previousWord) && /\.?\s+$/.test(before);
  let score: number;
  if (words.length >= 2) {
    if (given > 0 && sur > 0) score = 0.95;
    else if (lexicon.givenNames.has(words[0]!.lower)) score = 0.85;
    else if (given + sur > 0) score = 0.7;
    else if (ambiguous > 0) score = 0.55;
    else score = 0.35;
  } else if (given > 0) score = atSentenceStart(text, first.start) ? 0.45 : 0.6;
  else if (sur > 0) score = 0.4;
  else score = 0.2;
  if (honorific || strongNameCue.test(before)) score = Math.max(score, 0.85);
  else if (weakNameCue.test(before)) score = Math.min(1, score + 0.15);
  return score;
}

/**
 * Find person names: runs of up to four name-like words (known given names and surnames from
 * compromise's lexicon and our lists, unknown capitalised words, particles inside), scored by
 * what the lexicon knows and by cues before them (titles, "my name is", "Dear").
 *
 * @example
 * findPersons("Ask Dr. Jane Goodall", lexicon); // [{ type: "PERSON", text: "Jane Goodall", ... }]
 */
export function findPersons(text: string, lexicon: NameLexicon): PiiMatch[] {
  const tokens = tokenize(text);
  const lowerText = text === text.toLowerCase();
  const found: PiiMatch[] = [];
  let index = 0;
  while (index < tokens.length) {
    const run: Token[] = [];
    let cursor = index;
    while (cursor < tokens.length && run.length < maxNameTokens) {
      const token = tokens[cursor]!;
      const previous = run[run.length - 1];
      if (previous && !gapIsSpace(text, previous.end, token.start)) break;
      const particle = run.length > 0 && lexicon.particles.has(token.lower);
      if (!particle && nameEvidence(token, lexicon, lowerText) === 0) break;
      run.push(token);
      cursor++;
    }
    while (run.length > 0 && lexicon.particles.has(run[run.length - 1]!.lower)) run.pop();
    if (run.length === 0) {
      index++;
      continue;
    }
    const start = run[0]!.start;
    const end = run[run.length - 1]!.end;
    found.push({
      type: "PERSON",
      start,
      end,
      text: text.slice(start, end),
      score: scoreRun(run, text, lexicon),
    });
    index += run.length;
  }
  return found;
}
