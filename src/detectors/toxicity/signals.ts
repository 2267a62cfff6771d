import { findGroupAbuse, type GroupFinding } from "./group-abuse.js";
import type { Lexicon, LexiconHit } from "./lexicon.js";
import type { Tokens } from "./normalize.js";
import {
  findPersonalHate,
  findReaderAbuse,
  findThreat,
  hasAny,
  mentionedAsWord,
  nearReader,
  predicatedInsult,
} from "./person-abuse.js";
import { findPhrases } from "./phrases.js";
import { RuleStart, ruleFamiliesIn } from "./rule-gate.js";
import type { SignalLists } from "./signal-lists.js";
import type { WordFacts } from "./word-facts.js";

export { compileSignalLists, type SignalLists } from "./signal-lists.js";

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

const noGroupAbuse: GroupFinding = {
  excusedSpans: [],
  negated: false,
  derogation: false,
  threat: false,
  quoted: false,
  countered: false,
};

/**
 * Compute the rule signals for a tokenized text. Rule families none of whose phrases can start
 * at any token (see `rule-gate.ts`) are skipped, and the context lists and quotation ranges are
 * only computed when a lexicon hit or a rule asks for them: the signals are the same.
 */
export function computeSignals(
  tokens: Tokens,
  folded: string,
  lexicon: Lexicon,
  lists: SignalLists,
  facts?: readonly (WordFacts | undefined)[],
): ToxicitySignals {
  const { words, starts } = tokens;
  const families = ruleFamiliesIn(words, lists.ruleStarts, facts);
  const may = (family: number): boolean => (families & family) !== 0;
  let quoted: [number, number][] | undefined;
  const isQuoted = (index: number): boolean => {
    quoted ??= quotedRanges(folded);
    return inRanges(starts[index] ?? -1, quoted);
  };
  const identitySpans = may(RuleStart.identity) ? identityPhrases(words, lists, facts) : [];
  const signals: ToxicitySignals = {
    profanity: 0,
    slur: 0,
    insult: false,
    threat: false,
    derogation: false,
    reported: false,
    negated: false,
    identity: identitySpans.length > 0,
    excused: 0,
  };
  let reportedHits = 0;
  const group =
    identitySpans.length > 0 ? findGroupAbuse(words, lists, isQuoted, identitySpans) : noGroupAbuse;
  const inExcusedStatement = (index: number): boolean =>
    group.excusedSpans.some(([start, end]) => index >= start && index < end);
  const hits = lexicon.find(tokens, facts);
  if (hits.length > 0) {
    const framed =
      (may(RuleStart.reporting) && hasAny(words, lists.reporting)) ||
      (may(RuleStart.condemn) && hasAny(words, lists.condemn));
    const medical = may(RuleStart.medical) && hasAny(words, lists.medical);
    const reclaim = may(RuleStart.reclaim) && hasAny(words, lists.reclaim);
    for (const hit of hits) {
      if (
        (hit.category === "anatomy" && medical) ||
        (hit.reclaimable && reclaim && !nearReader(words, hit.index, lists))
      ) {
        signals.excused += 1;
        continue;
      }
      if (
        isQuoted(hit.index) ||
        inExcusedStatement(hit.index) ||
        (framed && mentionedAsWord(words, hit.index))
      ) {
        reportedHits += 1;
        continue;
      }
      applyHit(signals, hit, words, lists);
    }
  }
  signals.derogation = group.derogation;
  signals.negated = group.negated && !group.derogation && !group.threat;
  signals.threat =
    signals.threat ||
    group.threat ||
    (may(RuleStart.intent | RuleStart.doxxing) && findThreat(words, lists, isQuoted));
  signals.insult =
    signals.insult ||
    (may(RuleStart.abuseAtReader) && findReaderAbuse(words, lists, isQuoted)) ||
    (may(RuleStart.hate) && findPersonalHate(words, lists, isQuoted));
  const abusive = signals.derogation || signals.threat || signals.insult;
  signals.reported = (reportedHits > 0 || group.quoted || group.countered) && !abusive;
  return signals;
}

/**
 * `findPhrases(words, lists.identity)`, trying only the words whose facts say they start an
 * identity phrase: no other word can (the facts hold every starter), and trying each word of a
 * piece was most of the rules' time on text that names a group once.
 */
function identityPhrases(
  words: readonly string[],
  lists: SignalLists,
  facts: readonly (WordFacts | undefined)[] | undefined,
): [number, number][] {
  if (facts === undefined) return findPhrases(words, lists.identity);
  const out: [number, number][] = [];
  for (let index = 0; index < words.length; index += 1) {
    if (((facts[index]?.families ?? 0) & RuleStart.identity) === 0) continue;
    const end = lists.identity.matchAt(words, index);
    if (end !== -1) out.push([index, end]);
  }
  return out;
}

/** Verbs after "loser" in a bet ("loser buys the next round"). */
const betVerbs = new Set(["buys", "pays", "cooks", "drives", "washes", "cleans", "shouts"]);

function applyHit(
  signals: ToxicitySignals,
  hit: LexiconHit,
  words: readonly string[],
  lists: SignalLists,
): void {
  const identitySlur =
    hit.category === "race" ||
    hit.category === "orientation" ||
    hit.category === "disability" ||
    hit.category === "religion";
  if (identitySlur && hit.severity >= 1.8) signals.slur = Math.max(signals.slur, hit.severity);
  else signals.profanity = Math.max(signals.profanity, hit.severity);
  // "you're rubbish at darts", "loser buys the round": a mild word about a skill, or the subject
  // of a bet, is banter or criticism; the model judges.
  const next = words[hit.index + hit.length] ?? "";
  if (hit.severity < 2 && (next === "at" || betVerbs.has(next))) return;
  if (hit.severity >= 1 && hit.category !== "anatomy" && nearReader(words, hit.index, lists))
    signals.insult = true;
  const insultWord = hit.category === "insult";
  if (
    lists.abusiveNoun.has(hit.term) ||
    (insultWord && (hit.severity >= 1.5 || predicatedInsult(words, hit)))
  ) {
    signals.insult = true;
  }
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
  return ranges.some(([start, end]) => position >= start && position < end);
}
