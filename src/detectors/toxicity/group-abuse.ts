import type { NormalizedToken } from "./normalize.js";
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
  tokens: readonly NormalizedToken[],
  lists: SignalLists,
  isQuoted: (index: number) => boolean,
  identitySpans: readonly [number, number][] = findPhrases(tokens, lists.identity),
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
  const left = judgeLeft(tokens, start, lists);
  if (left !== "none") return left;
  let negated = deniedBefore(tokens, start, lists);
  // "why are X so ...", "typical X, too ...": the predicate needs no copula after the group.
  let sawCopula = [start - 1, start - 2].some(
    (index) =>
      index >= 0 &&
      (lists.copula.has(tokens[index]!.text) || predicateOpeners.has(tokens[index]!.text)),
  );
  for (let index = end; index < Math.min(tokens.length, end + 8); index += 1) {
    const word = tokens[index]!.text;
    if (clauseBreaks.has(word)) break;
    if (lists.negator.has(word)) negated = true;
    if (lists.modal.matchAt(tokens, index) !== -1 && followsViolence(tokens, index, lists))
      return negated ? "negated" : "threat";
    if (lists.exclusion.matchAt(tokens, index) !== -1) return "derogation";
    const copulaEnd = lists.copula.matchAt(tokens, index);
    if (copulaEnd !== -1) {
      sawCopula = true;
      index = copulaEnd - 1;
      continue;
    }
    if ((sawCopula || word === "too") && isDemeaning(tokens, index, lists))
      return negated ? "negated" : "derogation";
    if (sawCopula && negated && lists.positive.matchAt(tokens, index) !== -1) return "derogation";
    if (belongsIn(tokens, index, lists)) return negated ? "negated" : "derogation";
  }
  return negated && sawCopula ? "negated" : "none";
}

/** Hate verbs and violence before the group ("I despise X", "kill all X", "dumb X"). */
function judgeLeft(
  tokens: readonly NormalizedToken[],
  start: number,
  lists: SignalLists,
): "none" | "negated" | "derogation" | "threat" {
  let negated = false;
  for (let index = Math.max(0, start - 4); index < start; index += 1) {
    if (lists.hate.matchAt(tokens, index) !== -1) return negated ? "negated" : "derogation";
    if (lists.violent.matchAt(tokens, index) !== -1) return negated ? "negated" : "threat";
    if (lists.negator.has(tokens[index]!.text)) negated = true;
  }
  const before = tokens[start - 1]?.text ?? "";
  if (lists.dehumanising.has(before) || lists.abusiveNoun.has(before))
    return negated ? "negated" : "derogation";
  return "none";
}

/** "It is not true that X ...", "the myth that X ...": the clause before the group denies it. */
function deniedBefore(
  tokens: readonly NormalizedToken[],
  start: number,
  lists: SignalLists,
): boolean {
  if (lists.negator.has(tokens[start - 1]?.text ?? "")) return true;
  for (let index = Math.max(0, start - 6); index < start; index += 1) {
    const word = tokens[index]!.text;
    const question = questionTags.has(tokens[index + 1]?.text ?? "");
    const denies = (lists.negator.has(word) && !question) || denials.has(word);
    const opinion = opinionVerbs.has(tokens[index + 1]?.text ?? "");
    if (denies && (opinion || tokens.slice(index, start).some((token) => token.text === "that")))
      return true;
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
function isDemeaning(
  tokens: readonly NormalizedToken[],
  index: number,
  lists: SignalLists,
): boolean {
  if (lists.dehumanising.matchAt(tokens, index) === -1) return false;
  if (tokens[index]!.text !== "nothing") return true;
  return !["to", "wrong", "bad", "special", "new", "less", "more"].includes(
    tokens[index + 1]?.text ?? "",
  );
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

const clauseBreaks = new Set(["but", "because", "who", "that", "while", "although"]);

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
