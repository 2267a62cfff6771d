import type { NameLexicon } from "./name-lexicon.js";
import { gapIsSpace, isInitial, isNameLike } from "./person-shape.js";
import {
  lowerCueEnds,
  lowerNameCue,
  lowerRelationCue,
  type Token,
  type Tokens,
} from "./person-words.js";

/** Where a candidate name starts and how far its run of name-like words reaches. */

const maxNameTokens = 4;

/**
 * "my name is", "call me" (`strong`: whatever word follows is the name) or "i'm" (`weak`: only a
 * known name) right before `token`, which may be in lower case.
 */
export function followsLowerNameCue(
  previous: Token | undefined,
  token: Token,
  text: string,
): "strong" | "weak" | undefined {
  if (!previous || !lowerCueEnds.has(previous.lower)) return undefined;
  const before = text.slice(Math.max(0, token.start - 16), token.start);
  if (/(?:\bname is|\bcalls? me|\bnamed(?:[ \t]+(?:him|her|them))?|\bsigned)[ \t]+$/i.test(before))
    return "strong";
  return lowerNameCue.test(before) || lowerRelationCue.test(before) ? "weak" : undefined;
}

/** "Dr. X", "President X": a period only after an abbreviated title, never a sentence end. */
export function followsTitle(
  previous: Token,
  current: Token,
  text: string,
  lexicon: NameLexicon,
): boolean {
  if (!lexicon.honorifics.has(previous.lower)) return false;
  const gap = text.slice(previous.end, current.start);
  if (/^[ \t]{1,2}$/.test(gap)) return true;
  return /^\.[ \t]{1,2}$/.test(gap) && previous.lower.length <= 4;
}

/**
 * False when no word before `start` can pass {@link followsTitle}: its gap to the word must be
 * one or two blanks, or a period and one or two blanks after a word of at most four letters
 * (five ASCII letters before the period are a longer word).
 */
export function mayFollowTitle(text: string, start: number): boolean {
  let at = start - 1;
  while (at >= 0 && start - at <= 3) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 9) break;
    at -= 1;
  }
  const blanks = start - 1 - at;
  if (blanks < 1 || blanks > 2) return false;
  if (at < 0 || text.charCodeAt(at) !== 46) return true;
  if (at < 5) return true;
  for (let index = at - 5; index < at; index += 1) {
    const code = text.charCodeAt(index) | 32;
    if (code < 97 || code > 122) return true;
  }
  return false;
}

/** The longest run of name-like tokens from `first` (particles inside, not at the end). */
export function collectRun(
  tokens: Tokens,
  first: Token,
  text: string,
  lexicon: NameLexicon,
  afterTitle: boolean,
  lowerText: boolean,
): Token[] {
  const run: Token[] = [];
  for (
    let token: Token | undefined = first;
    token !== undefined && run.length < maxNameTokens;
    token = tokens.after(token)
  ) {
    const last = run[run.length - 1];
    if (last && !gapIsSpace(text, last.end, token.start)) {
      if (!(isInitial(last, text) && /^\.[ \t]{1,2}$/.test(text.slice(last.end, token.start))))
        break;
    }
    if (!lowerText && isInitial(token, text)) {
      run.push(token);
      continue;
    }
    // A word glued to digits is a code, not a name ("sev2", "Node20").
    const code = text.charCodeAt(token.end);
    if (code >= 48 && code <= 57) break;
    const particle = run.length > 0 && lexicon.particles.has(token.lower);
    if (!particle && !isNameLike(token, lexicon, lowerText, afterTitle && run.length === 0)) break;
    run.push(token);
  }
  // A name ends on a word: drop trailing particles and initials ("Smith J.").
  while (run.length > 0) {
    const last = run[run.length - 1]!;
    if (!lexicon.particles.has(last.lower) && !isInitial(last, text)) break;
    run.pop();
  }
  return run;
}
