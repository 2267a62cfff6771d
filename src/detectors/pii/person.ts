import type { PiiMatch } from "./entity-types.js";
import { greetingWords } from "./greetings.js";
import type { NameLexicon } from "./name-lexicon.js";
import { isFollowedByHouseNumber } from "./person-cues.js";
import { boostListedNames, emailNameParts } from "./person-neighbours.js";
import { isPlaceOrOrganization, withoutTrailingOrganization } from "./person-places.js";
import { collectRun, followsLowerNameCue, followsTitle, mayFollowTitle } from "./person-run.js";
import { scoreRun } from "./person-score.js";
import {
  allNameShaped,
  atSentenceStart,
  isInitial,
  isKnownName,
  isKnownWord,
  startsUpperCase,
} from "./person-shape.js";
import { NameOpenings, Tokens } from "./person-words.js";

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
