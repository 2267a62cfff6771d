import { endsInSignOff } from "./greetings.js";
import type { NameLexicon } from "./name-lexicon.js";
import {
  actionAfterCue,
  explicitNameCue,
  hasNameShape,
  headerNameCue,
  isGreeting,
  isRequestVocative,
  isSpeakerLabel,
  isVocative,
  kinAfterCue,
  lifeAfterCue,
  possessiveAfterCue,
  roleBeforeCue,
  speechAfterCue,
  weakNameCue,
} from "./person-cues.js";
import { allNameShaped, atSentenceStart, isKnownName, isKnownWord } from "./person-shape.js";
import type { Token } from "./person-words.js";

/** How sure the PERSON finder is that a run of words names a person. */

/** Endings of English nouns and participles that no list knows ("Concurrency", "Traced"). */
const englishNounEnding =
  /(?:tion|sion|ment|ness|ity|ency|ancy|ance|ence|ure|ing|ed|ics|ogy|ism|ist|able|ible|ship|ware|age|em|th)s?$/;

/** Nouns of software and systems: a name right before one is a product ("the Kafka cluster"). */
const technicalNouns = new Set(
  `cluster clusters server servers dependency dependencies client clients consumer consumers
  producer producers broker brokers topic topics queue queues pipeline pipelines plugin plugins
  job jobs build builds image images container containers node nodes instance instances database
  table tables index config configuration block blocks source sink connector connectors module
  modules package packages library api sdk driver drivers users integration integrations agent
  agents backend frontend deployment deployments stack service services release releases cli`.split(
    /\s+/,
  ),
);

/**
 * A word inside a line of prose ("than early Andersson?", "Sousa and Ball were"): words before it
 * on its line; not after "at" nor between "from" and "to"; and after it neither a line end,
 * ", CA 13241", a postcode nor a software noun.
 */
function insideProse(text: string, token: Token): boolean {
  const before = text.slice(Math.max(0, token.start - 24), token.start);
  if (!/\p{Ll}[^\n]*[ \t]$/u.test(before) || atSentenceStart(text, token.start)) return false;
  // After "at" it is as often a firm or a place ("at Nielsen"), and so between "from" and "to"
  // ("from Jenkins to GitHub Actions").
  if (/\bat[ \t]+$/i.test(before)) return false;
  if (
    /\bfrom[ \t]+$/i.test(before) &&
    /^[ \t]+to[ \t]+\p{Lu}/u.test(text.slice(token.end, token.end + 8))
  )
    return false;
  const after = text.slice(token.end, token.end + 16);
  // Not an address line's end, a postcode or a place's particle ("Cape Verde 12844", "Quinta do Paço").
  if (
    /^[ \t]*(?:\r?\n|$|,[ \t]*(?:\p{Lu}{2}\b|\d)|\d{4}|(?:de|do|da|del|di|dos|das)[ \t])/iu.test(
      after,
    )
  )
    return false;
  // A software noun right after makes it a product ("the Kafka cluster", "Jenkins pipeline").
  const next = /^[ \t]+(\p{Ll}+)/u.exec(after)?.[1];
  return next === undefined || !technicalNouns.has(next);
}

/** Confidence from the words alone: what the lexicon knows about them. */
function lexicalScore(run: readonly Token[], text: string, lexicon: NameLexicon): number {
  const words = run.filter((token) => !lexicon.particles.has(token.lower));
  const given = words.filter((token) => lexicon.givenNames.has(token.lower)).length;
  const sur = words.filter((token) => lexicon.surnames.has(token.lower)).length;
  const ambiguous = words.filter((token) => lexicon.ambiguousNames.has(token.lower)).length;
  if (words.length >= 2) {
    if (given > 0 && sur > 0) return 0.95;
    if (lexicon.givenNames.has(words[0]!.lower)) return 0.85;
    if (given + sur > 0) return 0.7;
    if (allNameShaped(words, lexicon)) return 0.6;
    // "Randy Shaw", "Dawn Njivar": a first name that is also a word, then a word no list knows.
    if (
      words.length === 2 &&
      lexicon.ambiguousFirstNames.has(words[0]!.lower) &&
      !isKnownWord(lexicon, words[1]!.lower) &&
      !englishNounEnding.test(words[1]!.lower) &&
      !atSentenceStart(text, words[0]!.start)
    ) {
      return 0.5;
    }
    // Ordinary words that are also names ("Golden", "Royal") make a title, not a person.
    return ambiguous > 0 ? 0.4 : 0.35;
  }
  const only = run[0]!;
  // A single word in capitals ("IBAN", "LEA") is more often an acronym than a name.
  const shouted = only.text.length > 1 && only.text === only.text.toUpperCase();
  if (given > 0) {
    if (shouted) return 0.45;
    return atSentenceStart(text, only.start) ? 0.55 : 0.65;
  }
  if (sur > 0) return !shouted && insideProse(text, only) ? 0.5 : 0.4;
  if (ambiguous > 0) return 0.3;
  return hasNameShape(only.text) ? 0.35 : 0.2;
}

/** Confidence that `run` names a person: the words, then the cues around them. */
export function scoreRun(
  run: readonly Token[],
  text: string,
  lexicon: NameLexicon,
  afterTitle: boolean,
): number {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const score = lexicalScore(run, text, lexicon);
  const before = text.slice(Math.max(0, first.start - 40), first.start);
  const after = text.slice(last.end, last.end + 40);
  // Ordinary words that are also names count only alone ("Rose"), not in a title ("Weight Loss").
  const known = run.some(
    (token) =>
      isKnownName(lexicon, token.lower) ||
      (run.length === 1 && lexicon.ambiguousNames.has(token.lower)),
  );
  const explicit = afterTitle || explicitNameCue.test(before);
  const strong =
    explicit ||
    roleBeforeCue.test(before) ||
    actionAfterCue.test(after) ||
    possessiveAfterCue.test(after) ||
    // "Jordan: I'm ..." but not a form field ("Name: ...", "Summary: ...").
    (isSpeakerLabel(before, after) &&
      (/^:\s*["“'\\]/.test(after) || run.some((token) => isKnownName(lexicon, token.lower)))) ||
    (atSentenceStart(text, first.start) && isVocative(after));
  const signedOff = endsInSignOff(before);
  if (known && (strong || signedOff || headerNameCue.test(before))) return Math.max(score, 0.85);
  if (explicit) return Math.max(score, 0.7);
  if (isGreeting(before, after)) return Math.max(score, 0.7);
  // A line of its own after a sign-off, with some sign of a name ("Cordialement,\nElínborg").
  if (
    signedOff &&
    /^[ \t]*(?:\r?\n|$)/.test(after) &&
    run.some((token) => isKnownWord(lexicon, token.lower) || hasNameShape(token.text))
  )
    return Math.max(score, 0.7);
  // An unknown word needs a cue that only people get: "says Vedzizhev", "Klimek shouted".
  if (
    speechAfterCue.test(after) ||
    lifeAfterCue.test(after) ||
    // A speaker label before a quotation ("Kalman: \"Who are you?\"").
    (isSpeakerLabel(before, after) && /^:\s*["“'\\]/.test(after)) ||
    roleBeforeCue.test(before) ||
    kinAfterCue.test(after) ||
    (atSentenceStart(text, first.start) && isRequestVocative(after)) ||
    givenSomethingCue(before, after)
  ) {
    return Math.max(score, 0.6);
  }
  if (known && weakNameCue.test(before)) return Math.min(1, score + 0.15);
  if (strong) return Math.min(1, score + 0.2);
  return score;
}

/** "had given Aija his address", "told Ömür her plan": someone is given or told something. */
function givenSomethingCue(before: string, after: string): boolean {
  return (
    /\b(?:gave|given|give|gives|told|tell|tells|sent|send|sends|showed|shown|show|handed|offered|paid|emailed|texted|promised|owe|owes|owed)[ \t]+$/i.test(
      before,
    ) && /^[ \t]+(?:his|her|their|my|your|our)\b/i.test(after)
  );
}
