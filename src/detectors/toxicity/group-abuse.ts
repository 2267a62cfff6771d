import { findPhrases } from "./phrases.js";
import type { SignalLists } from "./signal-lists.js";

export interface GroupFinding {
  /** Token ranges of group statements that are negated, quoted or countered. */
  excusedSpans: [number, number][];
  negated: boolean;
  derogation: boolean;
  threat: boolean;
  quoted: boolean;
  countered: boolean;
}

/** Identity group + demeaning predicate, hate verb + group, violence against a group. */
export function findGroupAbuse(
  words: readonly string[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
  identitySpans: readonly [number, number][] = findPhrases(words, lists.identity),
): GroupFinding {
  const finding: GroupFinding = {
    excusedSpans: [],
    negated: false,
    derogation: false,
    threat: false,
    quoted: false,
    countered: false,
  };
  for (const [start, end] of identitySpans) {
    const verdict = judgeGroupMention(words, start, end, lists);
    if (verdict === "none") continue;
    const span: [number, number] = [Math.max(0, start - 4), end + 10];
    if (verdict === "negated") {
      finding.negated = true;
      finding.excusedSpans.push(span);
    } else if (isQuoted(start) || isQuoted(end)) {
      finding.quoted = true;
      finding.excusedSpans.push(span);
    } else if (isCountered(words, start, end, lists)) {
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
  words: readonly string[],
  start: number,
  end: number,
  lists: SignalLists,
): "none" | "negated" | "derogation" | "threat" {
  const left = judgeLeft(words, start, lists);
  if (left !== "none") return left;
  let negated = deniedBefore(words, start, lists);
  // "why are X so ...", "typical X, too ...": the predicate needs no copula after the group.
  let sawCopula = [start - 1, start - 2].some(
    (index) =>
      index >= 0 && (lists.copula.has(words[index]!) || predicateOpeners.has(words[index]!)),
  );
  for (let index = end; index < Math.min(words.length, end + 8); index += 1) {
    const word = words[index]!;
    if (clauseBreaks.has(word)) break;
    if (lists.negator.has(word)) negated = true;
    if (lists.modal.matchAt(words, index) !== -1 && followsViolence(words, index, lists))
      return negated ? "negated" : "threat";
    if (lists.exclusion.matchAt(words, index) !== -1) return "derogation";
    const copulaEnd = lists.copula.matchAt(words, index);
    if (copulaEnd !== -1) {
      sawCopula = true;
      index = copulaEnd - 1;
      continue;
    }
    if ((sawCopula || word === "too") && isDemeaning(words, index, lists))
      return negated ? "negated" : "derogation";
    if (sawCopula && negated && lists.positive.matchAt(words, index) !== -1) return "derogation";
    if (belongsIn(words, index, lists)) return negated ? "negated" : "derogation";
  }
  return negated && sawCopula ? "negated" : "none";
}

/** Hate verbs and violence before the group ("I despise X", "kill all X", "dumb X"). */
function judgeLeft(
  words: readonly string[],
  start: number,
  lists: SignalLists,
): "none" | "negated" | "derogation" | "threat" {
  let negated = false;
  for (let index = Math.max(0, start - 4); index < start; index += 1) {
    if (lists.hate.matchAt(words, index) !== -1) return negated ? "negated" : "derogation";
    if (lists.violent.matchAt(words, index) !== -1) return negated ? "negated" : "threat";
    if (lists.negator.has(words[index]!)) negated = true;
  }
  const before = words[start - 1] ?? "";
  if (lists.dehumanising.has(before) || lists.abusiveNoun.has(before))
    return negated ? "negated" : "derogation";
  return "none";
}

/** "It is not true that X ...", "the myth that X ...": the clause before the group denies it. */
function deniedBefore(words: readonly string[], start: number, lists: SignalLists): boolean {
  if (lists.negator.has(words[start - 1] ?? "")) return true;
  for (let index = Math.max(0, start - 6); index < start; index += 1) {
    const word = words[index]!;
    const question = questionTags.has(words[index + 1] ?? "");
    const denies = (lists.negator.has(word) && !question) || denials.has(word);
    const opinion = opinionVerbs.has(words[index + 1] ?? "");
    if (denies && (opinion || words.slice(index, start).includes("that"))) return true;
  }
  return false;
}

/** Words after which a group is directly followed by its predicate ("calling X disgusting"). */
const predicateOpeners = new Set(["typical", "calling", "call", "called", "consider", "considers"]);

/** "isn't it obvious that ...", "don't you think that ...": a question, not a denial. */
const questionTags = new Set(["it", "they", "you", "we", "he", "she"]);

/** "I don't think X ...", "nobody believes X ...": a denied opinion about the group. */
const opinionVerbs = new Set(["think", "believe", "agree", "say", "accept", "claim", "pretend"]);

const denials = new Set(["myth", "lie", "false", "untrue", "nonsense", "stereotype", "wrong"]);

/** A demeaning word at `index`, but not "nothing to be ashamed of" or "nothing wrong". */
function isDemeaning(words: readonly string[], index: number, lists: SignalLists): boolean {
  if (lists.dehumanising.matchAt(words, index) === -1) return false;
  if (words[index]! !== "nothing") return true;
  return !["to", "wrong", "bad", "special", "new", "less", "more"].includes(words[index + 1] ?? "");
}

/** "belong in a zoo", "should be in cages", "go back to the gutter". */
function belongsIn(words: readonly string[], index: number, lists: SignalLists): boolean {
  const word = words[index]!;
  if (word !== "belong" && word !== "belongs" && word !== "in" && word !== "to") return false;
  for (let offset = 1; offset <= 3; offset += 1) {
    if (lists.place.matchAt(words, index + offset) !== -1) return true;
  }
  return false;
}

const reassertingPronouns = new Set(["they", "those", "these", "them"]);

/**
 * The report is taken back later in the text: "calling X parasites is racist, because they are
 * worse than parasites", "... They are vermin though".
 */
function reasserted(words: readonly string[], end: number, lists: SignalLists): boolean {
  for (let index = end; index < Math.min(words.length, end + 30); index += 1) {
    if (!reassertingPronouns.has(words[index]!)) continue;
    const copulaEnd = lists.copula.matchAt(words, index + 1);
    if (copulaEnd === -1) continue;
    for (let at = copulaEnd; at < Math.min(words.length, copulaEnd + 4); at += 1)
      if (words[at] === "worse" || isDemeaning(words, at, lists)) return true;
  }
  return false;
}

const clauseBreaks = new Set(["but", "because", "who", "that", "while", "although"]);

/** "should all be killed", "deserve to die", "must burn". */
function followsViolence(words: readonly string[], index: number, lists: SignalLists): boolean {
  for (let offset = 1; offset <= 4; offset += 1) {
    const word = words[index + offset] ?? "";
    if (word === "die" || word === "rot" || word === "suffer") return true;
    if (lists.participle.matchAt(words, index + offset) !== -1) return true;
    if (
      lists.violent.matchAt(words, index + offset) !== -1 &&
      !lists.tech.has(words[index + offset + 1] ?? "")
    )
      return true;
  }
  return false;
}

/** Counter-speech: "stop saying that X are ...", "claims that X are ... are hateful". */
function isCountered(
  words: readonly string[],
  start: number,
  end: number,
  lists: SignalLists,
): boolean {
  if (reasserted(words, end, lists)) return false;
  let reporting = false;
  for (let index = Math.max(0, start - 6); index < start; index += 1) {
    if (lists.reporting.matchAt(words, index) !== -1) reporting = true;
  }
  if (!reporting) return false;
  for (let index = 0; index < words.length; index += 1)
    if (lists.condemn.matchAt(words, index) !== -1) return true;
  return false;
}
