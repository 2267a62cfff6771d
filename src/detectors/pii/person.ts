import type { PiiMatch } from "./entity-types.js";
import { endsInSignOff, greetingWords } from "./greetings.js";
import type { NameLexicon } from "./name-lexicon.js";
import {
  actionAfterCue,
  explicitNameCue,
  hasNameShape,
  hasSurnameEnding,
  headerNameCue,
  isFollowedByHouseNumber,
  isGreeting,
  isRequestVocative,
  isSpeakerLabel,
  isVocative,
  kinAfterCue,
  possessiveAfterCue,
  roleBeforeCue,
  speechAfterCue,
  weakNameCue,
} from "./person-cues.js";
import { boostListedNames, emailNameParts } from "./person-neighbours.js";
import {
  lowerCueEnds,
  lowerNameCue,
  lowerRelationCue,
  NameOpenings,
  type Token,
  Tokens,
} from "./person-words.js";
import { endsInContraction, hasEarlyApostrophe, isCapitalized } from "./word-shape.js";

const maxNameTokens = 4;

/** Whether the first letter is a capital (fast path for ASCII lower case). */
function startsUpperCase(word: string): boolean {
  const code = word.charCodeAt(0);
  if (code >= 97 && code <= 122) return false;
  const first = word[0] ?? "";
  return first !== first.toLowerCase();
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
function isInitial(token: Token, text: string): boolean {
  return token.text.length === 1 && text[token.end] === "." && startsUpperCase(token.text);
}

/** One or two spaces or tabs from `from` to `to`. */
function gapIsSpace(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length < 1 || length > 2) return false;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

function atSentenceStart(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 6), start).trimEnd();
  return before === "" || /[.!?:;\n"“(>]$/.test(before);
}

/** Words right before a run that make it a street or a place (rue Victor Hugo, Saint Lucia). */
const placeBefore = new Set(
  "rua rue via calle avenida avenue av avda piazza strada largo travessa praça praca plaza paseo camino carrer chemin boulevard allee san santa santo são sao saint st ste ul ulica".split(
    " ",
  ),
);

const abbreviatedSuffixes = new Set(
  "st rd ave blvd ln dr ct pl sq hwy ltd inc llc llp plc gmbh ag corp co".split(" "),
);

/** A run that is a street, a place or an organisation rather than a person. */
function isPlaceOrOrganization(
  run: readonly Token[],
  previous: Token | undefined,
  next: Token | undefined,
  text: string,
  lexicon: NameLexicon,
): boolean {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  if (lexicon.placePrefixes.has(first.lower) && run.length > 1) return true;
  // "President St", "Dr. Inc": an abbreviated street or company word alone is no name.
  if (run.length === 1 && abbreviatedSuffixes.has(first.lower)) return true;
  if (previous && placeBefore.has(previous.lower)) {
    const gap = text.slice(previous.end, first.start);
    if (/^\.?[ \t]{1,2}$/.test(gap)) return true;
  }
  if (/&[ \t]*$/.test(text.slice(Math.max(0, first.start - 3), first.start))) return true;
  if (/^[ \t]*&/.test(text.slice(last.end, last.end + 3))) return true;
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

/** Endings of English nouns and participles that no list knows ("Concurrency", "Traced"). */
const englishNounEnding =
  /(?:tion|sion|ment|ness|ity|ency|ancy|ance|ence|ure|ing|ed|ics|ogy|ism|ist|able|ible|ship|ware|age|em|th)s?$/;

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
  if (sur > 0) return 0.4;
  if (ambiguous > 0) return 0.3;
  return hasNameShape(only.text) ? 0.35 : 0.2;
}

/** Confidence that `run` names a person: the words, then the cues around them. */
function scoreRun(
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

/** Every word a known name or shaped like one ("Elínborg Guðmundsdóttir", "Иван Петров"). */
function allNameShaped(run: readonly Token[], lexicon: NameLexicon): boolean {
  return (
    run.some((token) => hasSurnameEnding(token.text)) &&
    run.every((token) => isKnownName(lexicon, token.lower) || hasNameShape(token.text))
  );
}

/**
 * A person's name followed by an organisation or a place in the same capitalised run ("John
 * Smith Acme Corp", "Sarah Johnson Holdings GmbH", "Maria Rossi Milan office", "Maria Rossi
 * Milan"): the leading known names, when they start with a given name; otherwise the run as it is
 * (the organisation test later rejects it whole).
 */
function withoutTrailingOrganization(
  run: Token[],
  tokens: Tokens,
  text: string,
  lexicon: NameLexicon,
): Token[] {
  if (run.length < 2) return run;
  const isSuffix = (token: Token) =>
    lexicon.organizationSuffixes.has(token.lower) || lexicon.streetSuffixes.has(token.lower);
  let end = run.findIndex((token, index) => index >= 2 && isSuffix(token));
  if (end === -1) {
    const last = run[run.length - 1]!;
    const next = tokens.after(last);
    if (next && isSuffix(next) && gapIsSpace(text, last.end, next.start)) end = run.length;
    else if (run.length >= 3 && lexicon.places.has(last.lower)) end = run.length;
  }
  if (end < 2) return run;
  // The word before the suffix names the organisation ("Acme" Corp); a trailing place is the word.
  const person: Token[] = [];
  for (const token of run.slice(0, end - 1)) {
    if (!isKnownName(lexicon, token.lower)) break;
    person.push(token);
  }
  return person.length > 1 && lexicon.givenNames.has(person[0]!.lower) ? person : run;
}

/**
 * "my name is", "call me" (`strong`: whatever word follows is the name) or "i'm" (`weak`: only a
 * known name) right before `token`, which may be in lower case.
 */
function followsLowerNameCue(
  previous: Token | undefined,
  token: Token,
  text: string,
): "strong" | "weak" | undefined {
  if (!previous || !lowerCueEnds.has(previous.lower)) return undefined;
  const before = text.slice(Math.max(0, token.start - 16), token.start);
  if (/(?:\bname is|\bcalls? me|\bnamed|\bsigned)[ \t]+$/i.test(before)) return "strong";
  return lowerNameCue.test(before) || lowerRelationCue.test(before) ? "weak" : undefined;
}

/** "Dr. X", "President X": a period only after an abbreviated title, never a sentence end. */
function followsTitle(
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
function mayFollowTitle(text: string, start: number): boolean {
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
function collectRun(
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
  const lowerText = text === text.toLowerCase();
  const mailNames = emailNameParts(text);
  const found: PiiMatch[] = [];
  // In mixed-case text only a capital opens a name, or a name typed in lower case right after
  // "my name is" / "call me" ("my name is john smith"): the other words are never read.
  const openings = new NameOpenings(text, lowerText);
  const tokens = new Tokens(text);
  for (let start = openings.next(0); start !== -1; ) {
    const current = tokens.at(start)!;
    // "Bonjour Marie", "Met vriendelijke groet, Pieter": the greeting is not part of the name.
    if (greetingWords.has(current.lower)) {
      start = openings.next(current.after);
      continue;
    }
    const upper = startsUpperCase(current.text);
    // A capital at a sentence start ("runbook. The") follows no title: its word before is only
    // read (walking back to it) if the run turns out to be a name.
    const readsBefore = !upper || mayFollowTitle(text, start);
    let previous = readsBefore ? tokens.before(start) : undefined;
    const lowerCue = upper ? undefined : followsLowerNameCue(previous, current, text);
    const cuedLower = lowerCue !== undefined;
    if (!lowerText && !cuedLower && !upper) {
      start = openings.next(current.after);
      continue;
    }
    const afterTitle =
      (previous !== undefined && followsTitle(previous, current, text, lexicon)) ||
      // Any word after "my name is" only in all-lower-case text; otherwise a known name.
      (lowerCue === "strong" && lowerText);
    const collected = collectRun(
      tokens,
      current,
      text,
      lexicon,
      afterTitle,
      lowerText || cuedLower,
    );
    const run = withoutTrailingOrganization(collected, tokens, text, lexicon);
    // A capital at a sentence start is no evidence: "Ask Alexa" is a verb and a name.
    if (
      run.length > 1 &&
      !afterTitle &&
      atSentenceStart(text, run[0]!.start) &&
      !isKnownWord(lexicon, run[0]!.lower) &&
      !(isInitial(run[0]!, text) && run.some((token) => isKnownName(lexicon, token.lower))) &&
      !allNameShaped(run, lexicon)
    ) {
      start = openings.next(current.after);
      continue;
    }
    if (run.length === 0) {
      start = openings.next(current.after);
      continue;
    }
    if (!readsBefore) previous = tokens.before(start);
    const last = run[run.length - 1]!;
    const next = tokens.after(last);
    const placed = isPlaceOrOrganization(run, previous, next, text, lexicon);
    const numbered = !afterTitle && isFollowedByHouseNumber(text.slice(last.end));
    if (!placed && !numbered) {
      const runStart = run[0]!.start;
      let score = scoreRun(run, text, lexicon, afterTitle);
      // The same name in an e-mail address nearby (jane.doe@...) confirms it.
      if (mailNames.size > 0 && run.some((token) => mailNames.has(token.lower))) {
        score = Math.max(score, 0.8);
      }
      const end = last.end;
      found.push({ type: "PERSON", start: runStart, end, text: text.slice(runStart, end), score });
    }
    start = openings.next(last.after);
  }
  // Twice, so that confidence passes along a list (Malon, Mark and Kaylee).
  return boostListedNames(boostListedNames(found, text), text);
}
