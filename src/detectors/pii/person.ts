import type { PiiMatch } from "./entity-types.js";
import type { NameLexicon } from "./name-lexicon.js";
import { explicitNameCue, headerNameCue, weakNameCue } from "./name-lists.js";

interface Token {
  readonly text: string;
  /** Lower case without a trailing period. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

const wordPattern = /\p{L}[\p{L}\p{M}'’-]*\.?/gu;
const maxNameTokens = 4;
const listSeparator = /^(?:,\s*|\s+(?:and|or|&)\s+|\s*,\s*(?:and|or)\s+)$/i;

/** Tokens with offsets; a possessive `'s` and a trailing period are not part of the word. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const word = match[0].replace(/\.$/, "").replace(/['’]s$/u, "");
    const end = match.index + word.length;
    tokens.push({ text: word, lower: word.toLowerCase(), start: match.index, end });
  }
  return tokens;
}

function isCapitalized(word: string): boolean {
  const first = word[0] ?? "";
  return first !== first.toLowerCase() && word.slice(1) !== word.slice(1).toUpperCase();
}

const isKnownWord = (lexicon: NameLexicon, word: string): boolean =>
  lexicon.givenNames.has(word) || lexicon.surnames.has(word) || lexicon.ambiguousNames.has(word);

const isKnownName = (lexicon: NameLexicon, word: string): boolean =>
  lexicon.givenNames.has(word) || lexicon.surnames.has(word);

/** Whether a token can be part of a name (`afterTitle`: right after Mr./Dr., anything capitalised can). */
function isNameLike(
  token: Token,
  lexicon: NameLexicon,
  lowerText: boolean,
  afterTitle: boolean,
): boolean {
  const word = token.lower;
  if (word.length < 2 || /['’]/.test(word.slice(1, 3))) return false;
  const known = isKnownName(lexicon, word);
  const allCaps = token.text.length > 1 && token.text === token.text.toUpperCase();
  const caps = isCapitalized(token.text) || (allCaps && known);
  if (!caps) return lowerText && (known || afterTitle) && !lexicon.otherWords.has(word);
  if (known || afterTitle || lexicon.ambiguousNames.has(word)) return true;
  return !lexicon.otherWords.has(word) && !lexicon.honorifics.has(word);
}

function gapIsSpace(text: string, from: number, to: number): boolean {
  const gap = text.slice(from, to);
  return gap.length > 0 && gap.length <= 2 && /^[ \t]+$/.test(gap);
}

function atSentenceStart(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 6), start).trimEnd();
  return before === "" || /[.!?:;\n"“(>]$/.test(before);
}

/** A run that is a street, a place or an organisation rather than a person. */
function isPlaceOrOrganization(
  run: readonly Token[],
  next: Token | undefined,
  text: string,
  lexicon: NameLexicon,
): boolean {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  if (lexicon.placePrefixes.has(first.lower) && run.length > 1) return true;
  if (
    run.length > 1 &&
    (lexicon.streetSuffixes.has(last.lower) || lexicon.organizationSuffixes.has(last.lower))
  ) {
    return true;
  }
  if (next && gapIsSpace(text, run[run.length - 1]!.end, next.start)) {
    if (lexicon.streetSuffixes.has(next.lower) || lexicon.organizationSuffixes.has(next.lower))
      return true;
  }
  if (/\d[ \t]*$/.test(text.slice(Math.max(0, first.start - 3), first.start))) return true;
  return lexicon.phrases.has(run.map((token) => token.lower).join(" "));
}

/** "Hi Romilda," / "Hello Danival!": a greeting right before and a comma or line end right after. */
function isGreeting(before: string, after: string): boolean {
  return (
    /\b(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\s+$/i.test(before) &&
    /^\s*(?:[,!:\n]|$)/.test(after)
  );
}

/** Confidence that `run` names a person. */
function scoreRun(
  run: readonly Token[],
  text: string,
  lexicon: NameLexicon,
  afterTitle: boolean,
): number {
  const first = run[0]!;
  const words = run.filter((token) => !lexicon.particles.has(token.lower));
  const given = words.filter((token) => lexicon.givenNames.has(token.lower)).length;
  const sur = words.filter((token) => lexicon.surnames.has(token.lower)).length;
  const ambiguous = words.filter((token) => lexicon.ambiguousNames.has(token.lower)).length;
  const before = text.slice(Math.max(0, first.start - 32), first.start);
  let score: number;
  if (words.length >= 2) {
    if (given > 0 && sur > 0) score = 0.95;
    else if (lexicon.givenNames.has(words[0]!.lower)) score = 0.85;
    else if (given + sur > 0) score = 0.7;
    else if (ambiguous > 0) score = 0.55;
    else score = 0.35;
  } else if (given > 0) score = atSentenceStart(text, first.start) ? 0.55 : 0.65;
  else if (sur > 0 || ambiguous > 0) score = 0.4;
  else score = 0.2;
  const known = given + sur + ambiguous > 0 || words.length >= 2;
  if (afterTitle || (known && (explicitNameCue.test(before) || headerNameCue.test(before)))) {
    return Math.max(score, 0.85);
  }
  if (explicitNameCue.test(before) || isGreeting(before, text.slice(run[run.length - 1]!.end))) {
    return Math.max(score, 0.7);
  }
  if (given + sur + ambiguous > 0 && weakNameCue.test(before)) return Math.min(1, score + 0.15);
  return score;
}

/** "Dr. X", "President X": a period only after an abbreviated title, never a sentence end. */
function followsTitle(previous: Token, gap: string, lexicon: NameLexicon): boolean {
  if (!lexicon.honorifics.has(previous.lower)) return false;
  if (/^[ \t]{1,2}$/.test(gap)) return true;
  return /^\.[ \t]{1,2}$/.test(gap) && previous.lower.length <= 4;
}

/** Names listed together ("Malon, Mark and Kaylee") lend each other confidence. */
function boostListedNames(found: PiiMatch[], text: string): PiiMatch[] {
  return found.map((match, index) => {
    const neighbours = [found[index - 1], found[index + 1]].filter((other) => {
      if (!other || other.score < 0.55) return false;
      const gap =
        other.start > match.start
          ? text.slice(match.end, other.start)
          : text.slice(other.end, match.start);
      return listSeparator.test(gap);
    });
    return neighbours.length > 0 && match.score < 0.6
      ? { ...match, score: Math.min(0.6, match.score + 0.35) }
      : match;
  });
}

/** The longest run of name-like tokens from `start` (particles inside, not at the end). */
function collectRun(
  tokens: readonly Token[],
  start: number,
  text: string,
  lexicon: NameLexicon,
  afterTitle: boolean,
): Token[] {
  const lowerText = text === text.toLowerCase();
  const run: Token[] = [];
  for (let cursor = start; cursor < tokens.length && run.length < maxNameTokens; cursor++) {
    const token = tokens[cursor]!;
    const last = run[run.length - 1];
    if (last && !gapIsSpace(text, last.end, token.start)) break;
    const particle = run.length > 0 && lexicon.particles.has(token.lower);
    if (!particle && !isNameLike(token, lexicon, lowerText, afterTitle && run.length === 0)) break;
    run.push(token);
  }
  while (run.length > 0 && lexicon.particles.has(run[run.length - 1]!.lower)) run.pop();
  return run;
}

/**
 * Find person names: runs of up to four name-like words (known given names and surnames from
 * compromise's lexicon and our lists, unknown capitalised words, particles inside), scored by what
 * the lexicon knows and by cues (titles, "my name is", "Dear", lists of names). Streets, places and
 * organisations ("Thomas Avenue", "San Luis", "Drake PLC") are left out.
 *
 * @example
 * findPersons("Ask Dr. Jane Goodall", lexicon); // [{ type: "PERSON", text: "Jane Goodall", ... }]
 */
export function findPersons(text: string, lexicon: NameLexicon): PiiMatch[] {
  const tokens = tokenize(text);
  const found: PiiMatch[] = [];
  let index = 0;
  while (index < tokens.length) {
    const previous = tokens[index - 1];
    const afterTitle =
      previous !== undefined &&
      followsTitle(previous, text.slice(previous.end, tokens[index]!.start), lexicon);
    const run = collectRun(tokens, index, text, lexicon, afterTitle);
    // A capital at a sentence start is no evidence: "Ask Alexa" is a verb and a name.
    if (
      run.length > 1 &&
      !afterTitle &&
      atSentenceStart(text, run[0]!.start) &&
      !isKnownWord(lexicon, run[0]!.lower)
    ) {
      index++;
      continue;
    }
    if (run.length === 0) {
      index++;
      continue;
    }
    if (!isPlaceOrOrganization(run, tokens[index + run.length], text, lexicon)) {
      const start = run[0]!.start;
      const end = run[run.length - 1]!.end;
      const score = scoreRun(run, text, lexicon, afterTitle);
      found.push({ type: "PERSON", start, end, text: text.slice(start, end), score });
    }
    index += run.length;
  }
  // Twice, so that confidence passes along a list (Malon, Mark and Kaylee).
  return boostListedNames(boostListedNames(found, text), text);
}
