import type { NameLexicon } from "./name-lexicon.js";
import { hasNameShape, hasSurnameEnding } from "./person-cues.js";
import type { Token } from "./person-words.js";
import { endsInContraction, hasEarlyApostrophe, isCapitalized } from "./word-shape.js";

/** Tests on the words of a candidate name and on the text right around them. */

/** Whether the first letter is a capital (fast path for ASCII lower case). */
export function startsUpperCase(word: string): boolean {
  const code = word.charCodeAt(0);
  if (code >= 97 && code <= 122) return false;
  const first = word[0] ?? "";
  return first !== first.toLowerCase();
}

/** A given name, a surname, or a word that is also a name ("Rose", "Golden"). */
export const isKnownWord = (lexicon: NameLexicon, word: string): boolean =>
  lexicon.givenNames.has(word) || lexicon.surnames.has(word) || lexicon.ambiguousNames.has(word);

/** A given name or a surname of the lexicon. */
export const isKnownName = (lexicon: NameLexicon, word: string): boolean =>
  lexicon.givenNames.has(word) || lexicon.surnames.has(word);

/** Whether a token can be part of a name (`afterTitle`: right after Mr./Dr., anything capitalised can). */
export function isNameLike(
  token: Token,
  lexicon: NameLexicon,
  lowerText: boolean,
  afterTitle: boolean,
): boolean {
  const word = token.lower;
  // "I'm", "don't" are not names; "O'Brien", "D'Angelo" are.
  if (word.length < 2 || (hasEarlyApostrophe(word) && !/^\p{L}['’]\p{Lu}/u.test(token.text)))
    return false;
  if (endsInContraction(word)) return false;
  const known = isKnownName(lexicon, word);
  const caps =
    isCapitalized(token.text) ||
    (known && token.text.length > 1 && token.text === token.text.toUpperCase());
  if (!caps) return lowerText && (known || afterTitle) && !lexicon.otherWords.has(word);
  if (known || afterTitle || lexicon.ambiguousNames.has(word)) return true;
  // An unknown capitalised adverb opens a sentence or a heading ("Frequently asked").
  if (word.endsWith("ly")) return false;
  return !lexicon.otherWords.has(word) && !lexicon.honorifics.has(word);
}

/** An initial: one capital letter and a period ("J." in "J. Smith"). */
export function isInitial(token: Token, text: string): boolean {
  return token.text.length === 1 && text[token.end] === "." && startsUpperCase(token.text);
}

/** One or two spaces or tabs from `from` to `to`. */
export function gapIsSpace(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length < 1 || length > 2) return false;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

export function atSentenceStart(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 6), start).trimEnd();
  return before === "" || /[.!?:;\n"“(>]$/.test(before);
}

/** Every word a known name or shaped like one ("Elínborg Guðmundsdóttir", "Иван Петров"). */
export function allNameShaped(run: readonly Token[], lexicon: NameLexicon): boolean {
  return (
    run.some((token) => hasSurnameEnding(token.text)) &&
    run.every((token) => isKnownName(lexicon, token.lower) || hasNameShape(token.text))
  );
}
