import type { Lexicon, LexiconHit } from "./lexicon.js";
import type { NormalizedToken } from "./normalize.js";
import { compilePhrases, findPhrases, type PhraseSet } from "./phrases.js";
import {
  abusiveNouns,
  condemnCues,
  dehumanisingTerms,
  demeaningPlaces,
  hateVerbs,
  identityTerms,
  identityWords,
  medicalContext,
  negators,
  positiveTerms,
  reclaimCues,
  reportingCues,
  techObjects,
  violentParticiples,
  violentVerbs,
} from "./terms.js";

/** What the rule layer found in one text; every field feeds the model and the final score. */
export interface ToxicitySignals {
  /** Highest severity (0..3) of profanity that is not excused by context. */
  profanity: number;
  /** Highest severity (0..3) of an identity slur that is not quoted or reclaimed. */
  slur: number;
  /** An insult or abuse aimed at the reader ("you idiot", "fuck you"). */
  insult: boolean;
  /** A threat or call for violence against a person or group. */
  threat: boolean;
  /** A demeaning or dehumanising generalisation about an identity group. */
  derogation: boolean;
  /** The abuse is quoted, reported or condemned (counter-speech, moderation reports). */
  reported: boolean;
  /** A demeaning statement about a group is negated ("X are not vermin", "I don't hate X"). */
  negated: boolean;
  /** An identity term occurs (used to keep identity words alone from flagging). */
  identity: boolean;
  /** Lexicon hits excused by context (medical, reclaimed, technical), for inspection. */
  excused: number;
}

/** The compiled word lists the rules use; build once per detector. */
export interface SignalLists {
  identity: PhraseSet;
  dehumanising: PhraseSet;
  positive: PhraseSet;
  hate: PhraseSet;
  violent: PhraseSet;
  participle: PhraseSet;
  negator: PhraseSet;
  tech: PhraseSet;
  medical: PhraseSet;
  reporting: PhraseSet;
  condemn: PhraseSet;
  reclaim: PhraseSet;
  secondPerson: PhraseSet;
  abusiveNoun: PhraseSet;
  place: PhraseSet;
  /** Single words the rules know (used to split "I h a t e" into "i hate"). */
  known: Set<string>;
  abuseAtReader: PhraseSet;
  intent: PhraseSet;
  modal: PhraseSet;
  copula: PhraseSet;
}

/** Compile the word lists in `terms.ts`. */
export function compileSignalLists(): SignalLists {
  return {
    identity: compilePhrases([
      ...identityTerms,
      ...identityWords.flatMap((word) => personNouns.map((noun) => `${word} ${noun}`)),
    ]),
    dehumanising: compilePhrases(dehumanisingTerms),
    positive: compilePhrases(positiveTerms),
    hate: compilePhrases(hateVerbs),
    violent: compilePhrases(violentVerbs),
    participle: compilePhrases(violentParticiples),
    negator: compilePhrases(negators),
    tech: compilePhrases(techObjects),
    medical: compilePhrases(medicalContext),
    reporting: compilePhrases(reportingCues),
    condemn: compilePhrases(condemnCues),
    reclaim: compilePhrases(reclaimCues),
    abusiveNoun: compilePhrases(abusiveNouns),
    place: compilePhrases(demeaningPlaces),
    known: new Set(
      [...hateVerbs, ...violentVerbs, ...dehumanisingTerms, ...abusiveNouns].filter(
        (word) => !word.includes(" "),
      ),
    ),
    secondPerson: compilePhrases(["you", "your", "youre", "u", "ur", "ya", "yourself", "you are"]),
    abuseAtReader: compilePhrases(abuseAtReader),
    intent: compilePhrases(intentPhrases),
    modal: compilePhrases([
      "should",
      "must",
      "need to",
      "needs to",
      "ought to",
      "deserve to",
      "deserves to",
      "have to",
      "are going to",
      "will",
      "gonna",
    ]),
    copula: compilePhrases([
      "are",
      "is",
      "were",
      "r",
      "arent",
      "isnt",
      "are all",
      "are just",
      "are nothing but",
      "deserve",
      "deserves",
      "make me",
      "makes me",
    ]),
  };
}

/** Nouns that turn an identity adjective into a group mention ("trans person", "deaf folks"). */
const personNouns = [
  "person",
  "people",
  "man",
  "men",
  "woman",
  "women",
  "folks",
  "guy",
  "guys",
  "kids",
  "children",
  "community",
  "immigrants",
  "girls",
  "boys",
];

/** Fixed abuse formulas aimed at the reader. */
const abuseAtReader = [
  "fuck you",
  "fuck off",
  "screw you",
  "shut up",
  "shut the fuck up",
  "go to hell",
  "go die",
  "kill yourself",
  "kys",
  "drop dead",
  "piss off",
  "get lost",
  "nobody likes you",
  "nobody cares about you",
  "i hope you die",
  "hope you die",
  "you deserve to die",
  "watch your back",
  "i know where you live",
  "youre dead",
  "you are dead",
  "you will regret",
  "youll regret",
  "you will pay",
  "youll pay",
];

const intentPhrases = [
  "i will",
  "ill",
  "im going to",
  "i am going to",
  "im gonna",
  "gonna",
  "i want to",
  "i wanna",
  "we will",
  "were going to",
  "we are going to",
  "i would love to",
  "id love to",
  "lets",
  "i shall",
  "im about to",
];

/** Compute the rule signals for a tokenized text. */
export function computeSignals(
  tokens: readonly NormalizedToken[],
  folded: string,
  lexicon: Lexicon,
  lists: SignalLists,
): ToxicitySignals {
  const quoted = quotedRanges(folded);
  const isQuoted = (index: number): boolean => inRanges(tokens[index]?.start ?? -1, quoted);
  const framed = hasAny(tokens, lists.reporting) || hasAny(tokens, lists.condemn);
  const medical = hasAny(tokens, lists.medical);
  const reclaim = hasAny(tokens, lists.reclaim);
  const signals: ToxicitySignals = {
    profanity: 0,
    slur: 0,
    insult: false,
    threat: false,
    derogation: false,
    reported: false,
    negated: false,
    identity: findPhrases(tokens, lists.identity).length > 0,
    excused: 0,
  };
  let reportedHits = 0;
  const group = findGroupAbuse(tokens, lists, isQuoted);
  const inExcusedStatement = (index: number): boolean =>
    group.excusedSpans.some(([start, end]) => index >= start && index < end);
  for (const hit of lexicon.find(tokens)) {
    if (
      (hit.category === "anatomy" && medical) ||
      (hit.reclaimable && reclaim && !nearReader(tokens, hit.index, lists))
    ) {
      signals.excused += 1;
      continue;
    }
    if (
      isQuoted(hit.index) ||
      inExcusedStatement(hit.index) ||
      (framed && mentionedAsWord(tokens, hit.index))
    ) {
      reportedHits += 1;
      continue;
    }
    applyHit(signals, hit, tokens, lists);
  }
  signals.derogation = group.derogation;
  signals.negated = group.negated && !group.derogation && !group.threat;
  signals.threat = signals.threat || group.threat || findThreat(tokens, lists, isQuoted);
  signals.insult = signals.insult || findReaderAbuse(tokens, lists, isQuoted);
  const abusive = signals.derogation || signals.threat || signals.insult;
  signals.reported = (reportedHits > 0 || group.quoted || group.countered) && !abusive;
  return signals;
}

function applyHit(
  signals: ToxicitySignals,
  hit: LexiconHit,
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
): void {
  const identitySlur =
    hit.category === "race" ||
    hit.category === "orientation" ||
    hit.category === "disability" ||
    hit.category === "religion";
  if (identitySlur && hit.severity >= 1.8) signals.slur = Math.max(signals.slur, hit.severity);
  else signals.profanity = Math.max(signals.profanity, hit.severity);
  if (hit.severity >= 1 && hit.category !== "anatomy" && nearReader(tokens, hit.index, lists))
    signals.insult = true;
  if (lists.abusiveNoun.has(hit.term) || (hit.category === "insult" && hit.severity >= 1.5)) {
    signals.insult = true;
  }
}

/** "you ... idiot" / "idiot ... you" within a short window. */
function nearReader(
  tokens: readonly NormalizedToken[],
  index: number,
  lists: SignalLists,
): boolean {
  for (let offset = -4; offset <= 2; offset += 1) {
    if (offset !== 0 && lists.secondPerson.has(tokens[index + offset]?.text ?? "")) return true;
  }
  return false;
}

/** "the word X", "X is a slur", "called him X": the word is mentioned, not used. */
function mentionedAsWord(tokens: readonly NormalizedToken[], index: number): boolean {
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

function hasAny(tokens: readonly NormalizedToken[], set: PhraseSet): boolean {
  for (let index = 0; index < tokens.length; index += 1)
    if (set.matchAt(tokens, index) !== -1) return true;
  return false;
}

/** Character ranges inside quotation marks. */
export function quotedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const match of text.matchAll(
    /"[^"]{2,400}"|“[^”]{2,400}”|(?<![\p{L}])'[^']{4,400}'(?![\p{L}])/gu,
  )) {
    out.push([match.index, match.index + match[0].length]);
  }
  return out;
}

function inRanges(position: number, ranges: readonly [number, number][]): boolean {
  return ranges.some(([start, end]) => position > start && position < end);
}

interface GroupFinding {
  /** Token ranges of group statements that are negated, quoted or countered. */
  excusedSpans: [number, number][];
  negated: boolean;
  derogation: boolean;
  threat: boolean;
  quoted: boolean;
  countered: boolean;
}

/** Identity group + demeaning predicate, hate verb + group, violence against a group. */
function findGroupAbuse(
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): GroupFinding {
  const finding: GroupFinding = {
    excusedSpans: [],
    negated: false,
    derogation: false,
    threat: false,
    quoted: false,
    countered: false,
  };
  for (const [start, end] of findPhrases(tokens, lists.identity)) {
    const verdict = judgeGroupMention(tokens, start, end, lists);
    if (verdict === "none") continue;
    const span: [number, number] = [Math.max(0, start - 4), end + 10];
    if (verdict === "negated") {
      finding.negated = true;
      finding.excusedSpans.push(span);
    } else if (isQuoted(start) || isQuoted(end)) {
      finding.quoted = true;
      finding.excusedSpans.push(span);
    } else if (isCountered(tokens, start, lists)) {
      finding.countered = true;
      finding.excusedSpans.push(span);
    } else if (verdict === "threat") {
      finding.threat = true;
    } else {
      finding.derogation = true;
    }
  }
  return finding;
}

/** Look left and right of a group mention for hate verbs, violence and demeaning predicates. */
function judgeGroupMention(
  tokens: readonly NormalizedToken[],
  start: number,
  end: number,
  lists: SignalLists,
): "none" | "negated" | "derogation" | "threat" {
  const left = Math.max(0, start - 4);
  let negated = false;
  for (let index = left; index < start; index += 1) {
    if (lists.negator.has(tokens[index]!.text)) negated = true;
    if (lists.hate.matchAt(tokens, index) !== -1) return negated ? "negated" : "derogation";
    if (lists.violent.matchAt(tokens, index) !== -1) return negated ? "negated" : "threat";
  }
  negated = lists.negator.has(tokens[start - 1]?.text ?? "");
  // "why are X so ...", "aren't X just ...": the copula stands before the group.
  let sawCopula = [start - 1, start - 2].some(
    (index) => index >= 0 && lists.copula.has(tokens[index]!.text),
  );
  for (let index = end; index < Math.min(tokens.length, end + 8); index += 1) {
    const word = tokens[index]!.text;
    if (clauseBreaks.has(word)) break;
    if (lists.negator.has(word)) negated = true;
    if (lists.modal.matchAt(tokens, index) !== -1 && followsViolence(tokens, index, lists))
      return negated ? "negated" : "threat";
    const copulaEnd = lists.copula.matchAt(tokens, index);
    if (copulaEnd !== -1) {
      sawCopula = true;
      index = copulaEnd - 1;
      continue;
    }
    if (sawCopula && lists.dehumanising.matchAt(tokens, index) !== -1)
      return negated ? "negated" : "derogation";
    if (sawCopula && negated && lists.positive.matchAt(tokens, index) !== -1) return "derogation";
    if (belongsIn(tokens, index, lists)) return negated ? "negated" : "derogation";
  }
  return negated && sawCopula ? "negated" : "none";
}

/** "belong in a zoo", "should be in cages", "go back to the gutter". */
function belongsIn(tokens: readonly NormalizedToken[], index: number, lists: SignalLists): boolean {
  const word = tokens[index]!.text;
  if (word !== "belong" && word !== "belongs" && word !== "in" && word !== "to") return false;
  for (let offset = 1; offset <= 3; offset += 1) {
    if (lists.place.matchAt(tokens, index + offset) !== -1) return true;
  }
  return false;
}

const clauseBreaks = new Set(["and", "but", "because", "who", "that", "while", "although"]);

/** "should all be killed", "deserve to die", "must burn". */
function followsViolence(
  tokens: readonly NormalizedToken[],
  index: number,
  lists: SignalLists,
): boolean {
  for (let offset = 1; offset <= 4; offset += 1) {
    const word = tokens[index + offset]?.text ?? "";
    if (word === "die" || word === "rot" || word === "suffer") return true;
    if (lists.participle.matchAt(tokens, index + offset) !== -1) return true;
    if (
      lists.violent.matchAt(tokens, index + offset) !== -1 &&
      !lists.tech.has(tokens[index + offset + 1]?.text ?? "")
    )
      return true;
  }
  return false;
}

/** Counter-speech: "stop saying that X are ...", "claims that X are ... are hateful". */
function isCountered(
  tokens: readonly NormalizedToken[],
  start: number,
  lists: SignalLists,
): boolean {
  let reporting = false;
  for (let index = Math.max(0, start - 6); index < start; index += 1) {
    if (lists.reporting.matchAt(tokens, index) !== -1) reporting = true;
  }
  if (!reporting) return false;
  for (let index = 0; index < tokens.length; index += 1)
    if (lists.condemn.matchAt(tokens, index) !== -1) return true;
  return false;
}

/** "I will kill you", "I'm going to hurt all of them". */
function findThreat(
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
      if (
        [
          "you",
          "u",
          "ya",
          "him",
          "her",
          "them",
          "all",
          "every",
          "everyone",
          "your",
          "yourself",
        ].includes(object)
      )
        return true;
    }
  }
  return false;
}

/** "fuck you", "shut up", "kill yourself" outside quotes. */
function findReaderAbuse(
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
): boolean {
  return findPhrases(tokens, lists.abuseAtReader).some(([start]) => !isQuoted(start));
}
