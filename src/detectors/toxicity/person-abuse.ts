import type { LexiconHit } from "./lexicon.js";
import type { NormalizedToken } from "./normalize.js";
import { findPhrases, type PhraseSet } from "./phrases.js";
import type { SignalLists } from "./signal-lists.js";

/** "you ... idiot" / "idiot ... you" within a short window. */
export function nearReader(
  tokens: readonly NormalizedToken[],
  index: number,
  lists: SignalLists,
): boolean {
  for (let offset = -6; offset <= 2; offset += 1) {
    if (offset !== 0 && lists.secondPerson.has(tokens[index + offset]?.text ?? "")) return true;
  }
  return false;
}

/** "the word X", "X is a slur", "called him X": the word is mentioned, not used. */
export function mentionedAsWord(tokens: readonly NormalizedToken[], index: number): boolean {
  const before = tokens[index - 1]?.text ?? "";
  const before2 = tokens[index - 2]?.text ?? "";
  return (
    before === "word" ||
    before === "term" ||
    before === "slur" ||
    before2 === "word" ||
    before === "called" ||
    before === "calling" ||
    before2 === "called"
  );
}

export function hasAny(tokens: readonly NormalizedToken[], set: PhraseSet): boolean {
  for (let index = 0; index < tokens.length; index += 1)
    if (set.matchAt(tokens, index) !== -1) return true;
  return false;
}

/** "I will kill you", "I'm going to hurt all of them". */
export function findThreat(
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  for (let index = 0; index < tokens.length; index += 1) {
    const after = lists.intent.matchAt(tokens, index);
    if (after === -1 || isQuoted(index)) continue;
    for (let verb = after; verb < Math.min(tokens.length, after + 3); verb += 1) {
      const verbEnd = lists.violent.matchAt(tokens, verb);
      if (verbEnd === -1) continue;
      const object = tokens[verbEnd]?.text ?? "";
      if (lists.tech.has(object) || lists.tech.has(tokens[verbEnd + 1]?.text ?? "")) continue;
      if (threatObjects.has(object)) return true;
    }
    if (armedWithin(tokens, after, lists)) return true;
  }
  return findDoxxing(tokens, isQuoted);
}

/** "I'll come round with a bat": a weapon within a few words after a first-person intent. */
function armedWithin(
  tokens: readonly NormalizedToken[],
  from: number,
  lists: SignalLists,
): boolean {
  for (let index = from; index < Math.min(tokens.length, from + 8); index += 1) {
    const word = tokens[index]!.text;
    if (
      (word === "with" || word === "bring" || word === "grab") &&
      lists.weapon.matchAt(
        tokens,
        index + 1 + (articlesBefore.has(tokens[index + 1]?.text ?? "") ? 1 : 0),
      ) !== -1
    ) {
      return true;
    }
  }
  return false;
}

const articlesBefore = new Set(["a", "an", "the", "my", "some"]);
/** Verbs of exposing someone (the first word of every doxxing pattern). */
export const doxxVerbs: ReadonlySet<string> = new Set([
  "post",
  "share",
  "leak",
  "publish",
  "drop",
  "spread",
  "find",
]);
const doxxObjects = new Set(["address", "number", "location", "workplace", "phone"]);

/** "post her home address", "leak his number": exposing where a person can be reached. */
function findDoxxing(
  tokens: readonly NormalizedToken[],
  isQuoted: (index: number) => boolean,
): boolean {
  for (let index = 0; index < tokens.length; index += 1) {
    if (!doxxVerbs.has(tokens[index]!.text) || isQuoted(index)) continue;
    const owner = tokens[index + 1]?.text ?? "";
    if (owner !== "her" && owner !== "his" && owner !== "their") continue;
    for (let offset = 2; offset <= 3; offset += 1) {
      if (doxxObjects.has(tokens[index + offset]?.text ?? "")) return true;
    }
  }
  return false;
}

/** Objects that make a violent verb a threat against people ("kill you", "shoot every ..."). */
const threatObjects = new Set([
  "you",
  "u",
  "ya",
  "him",
  "her",
  "them",
  "all",
  "every",
  "everyone",
  "any",
  "each",
  "your",
  "yourself",
  "those",
  "these",
]);

/** Pronouns that make a hate verb personal ("I despise them", "I hate you"). */
const personObjects = new Set([
  "you",
  "u",
  "ya",
  "him",
  "her",
  "them",
  "yourself",
  "those",
  "these",
  "all",
  "every",
  "everyone",
]);

/** Subjects that are things, not people ("this is useless", "it is garbage"). */
const thingSubjects = new Set([
  "it",
  "its",
  "this",
  "that",
  "which",
  "there",
  "thing",
  "these",
  "those",
  "weather",
  "traffic",
]);

/** "I despise them", "I hate you": a hate verb aimed at people. */
export function findPersonalHate(
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  for (let index = 0; index < tokens.length; index += 1) {
    const end = lists.hate.matchAt(tokens, index);
    if (end === -1 || isQuoted(index)) continue;
    if (
      lists.negator.has(tokens[index - 1]?.text ?? "") ||
      lists.negator.has(tokens[index - 2]?.text ?? "")
    )
      continue;
    if (personObjects.has(tokens[end]?.text ?? "")) return true;
  }
  return false;
}

/** "Sam is a stupid ...", "being X is pathetic": an insult word predicated of a person. */
export function predicatedInsult(tokens: readonly NormalizedToken[], hit: LexiconHit): boolean {
  for (let offset = 1; offset <= 3; offset += 1) {
    const word = tokens[hit.index - offset]?.text ?? "";
    const contraction = personPronouns.has(word) && word.length > 3;
    if (
      contraction ||
      word === "is" ||
      word === "are" ||
      word === "was" ||
      word === "were" ||
      word === "be"
    ) {
      // "Sam is a stupid ...", "he is pathetic", "she's a lazy ..."; not "broccoli is disgusting".
      const article = offset > 1 && articles.has(tokens[hit.index - offset + 1]?.text ?? "");
      const pronoun = contraction || personPronouns.has(tokens[hit.index - offset - 1]?.text ?? "");
      return (article || pronoun) && isPersonSubject(tokens, hit.index - offset);
    }
  }
  return false;
}

const articles = new Set(["a", "an", "such", "so", "total", "complete", "utter"]);
const personPronouns = new Set([
  "he",
  "she",
  "you",
  "u",
  "they",
  "i",
  "we",
  "hes",
  "shes",
  "youre",
  "theyre",
]);

const determiners = new Set([
  "this",
  "that",
  "the",
  "my",
  "our",
  "his",
  "her",
  "their",
  "a",
  "an",
  "your",
]);
const subjectPersonNouns = new Set([
  "guy",
  "man",
  "woman",
  "person",
  "dude",
  "kid",
  "girl",
  "boy",
  "people",
  "user",
  "editor",
  "admin",
  "moderator",
  "manager",
  "boss",
  "teacher",
  "player",
  "referee",
  "driver",
  "author",
  "writer",
  "poster",
  "reviewer",
  "neighbour",
  "neighbor",
]);

/** Whether the words before the copula at `copula` name a person rather than a thing. */
function isPersonSubject(tokens: readonly NormalizedToken[], copula: number): boolean {
  const subject = tokens[copula - 1]?.text ?? "";
  if (thingSubjects.has(subject)) return false;
  return !determiners.has(tokens[copula - 2]?.text ?? "") || subjectPersonNouns.has(subject);
}

/** "fuck you", "shut up", "kill yourself" outside quotes. */
export function findReaderAbuse(
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  return findPhrases(tokens, lists.abuseAtReader).some(([start]) => !isQuoted(start));
}
