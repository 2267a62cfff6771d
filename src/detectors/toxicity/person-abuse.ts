import type { LexiconHit } from "./lexicon.js";
import { findPhrases, type PhraseSet } from "./phrases.js";
import type { SignalLists } from "./signal-lists.js";

/** "you ... idiot" / "idiot ... you" within a short window. */
export function nearReader(words: readonly string[], index: number, lists: SignalLists): boolean {
  for (let offset = -6; offset <= 2; offset += 1) {
    if (offset !== 0 && lists.secondPerson.has(words[index + offset] ?? "")) return true;
  }
  return false;
}

/** "the word X", "X is a slur", "called him X": the word is mentioned, not used. */
export function mentionedAsWord(words: readonly string[], index: number): boolean {
  const before = words[index - 1] ?? "";
  const before2 = words[index - 2] ?? "";
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

export function hasAny(words: readonly string[], set: PhraseSet): boolean {
  for (let index = 0; index < words.length; index += 1)
    if (set.matchAt(words, index) !== -1) return true;
  return false;
}

/** "I will kill you", "I'm going to hurt all of them". */
export function findThreat(
  words: readonly string[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const after = lists.intent.matchAt(words, index);
    if (after === -1 || isQuoted(index)) continue;
    for (let verb = after; verb < Math.min(words.length, after + 3); verb += 1) {
      const verbEnd = lists.violent.matchAt(words, verb);
      if (verbEnd === -1) continue;
      const object = words[verbEnd] ?? "";
      if (lists.tech.has(object) || lists.tech.has(words[verbEnd + 1] ?? "")) continue;
      if (threatObjects.has(object)) return true;
    }
    if (armedWithin(words, after, lists)) return true;
  }
  return findDoxxing(words, isQuoted);
}

/** "I'll come round with a bat": a weapon within a few words after a first-person intent. */
function armedWithin(words: readonly string[], from: number, lists: SignalLists): boolean {
  for (let index = from; index < Math.min(words.length, from + 8); index += 1) {
    const word = words[index]!;
    if (
      (word === "with" || word === "bring" || word === "grab") &&
      lists.weapon.matchAt(
        words,
        index + 1 + (articlesBefore.has(words[index + 1] ?? "") ? 1 : 0),
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
function findDoxxing(words: readonly string[], isQuoted: (index: number) => boolean): boolean {
  for (let index = 0; index < words.length; index += 1) {
    if (!doxxVerbs.has(words[index]!) || isQuoted(index)) continue;
    const owner = words[index + 1] ?? "";
    if (owner !== "her" && owner !== "his" && owner !== "their") continue;
    for (let offset = 2; offset <= 3; offset += 1) {
      if (doxxObjects.has(words[index + offset] ?? "")) return true;
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
  words: readonly string[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const end = lists.hate.matchAt(words, index);
    if (end === -1 || isQuoted(index)) continue;
    if (lists.negator.has(words[index - 1] ?? "") || lists.negator.has(words[index - 2] ?? ""))
      continue;
    if (personObjects.has(words[end] ?? "")) return true;
  }
  return false;
}

/** "Sam is a stupid ...", "being X is pathetic": an insult word predicated of a person. */
export function predicatedInsult(words: readonly string[], hit: LexiconHit): boolean {
  for (let offset = 1; offset <= 3; offset += 1) {
    const word = words[hit.index - offset] ?? "";
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
      const article = offset > 1 && articles.has(words[hit.index - offset + 1] ?? "");
      const pronoun = contraction || personPronouns.has(words[hit.index - offset - 1] ?? "");
      return (article || pronoun) && isPersonSubject(words, hit.index - offset);
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
function isPersonSubject(words: readonly string[], copula: number): boolean {
  const subject = words[copula - 1] ?? "";
  if (thingSubjects.has(subject)) return false;
  return !determiners.has(words[copula - 2] ?? "") || subjectPersonNouns.has(subject);
}

/** "fuck you", "shut up", "kill yourself" outside quotes. */
export function findReaderAbuse(
  words: readonly string[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  return findPhrases(words, lists.abuseAtReader).some(([start]) => !isQuoted(start));
}
