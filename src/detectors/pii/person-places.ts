import type { NameLexicon } from "./name-lexicon.js";
import { gapIsSpace, isKnownName } from "./person-shape.js";
import type { Token, Tokens } from "./person-words.js";

/** Streets, places and organisations that look like names ("Thomas Avenue", "Drake PLC"). */

/** Words right before a run that make it a street, a place or a ship (rue Victor Hugo, Saint Lucia, USNS Frías). */
const placeBefore = new Set(
  "rua rue via calle avenida avenue av avda piazza strada largo travessa praça praca plaza paseo camino carrer chemin boulevard allee san santa santo são sao saint st ste ul ulica usns usnv uscgc".split(
    " ",
  ),
);

const abbreviatedSuffixes = new Set(
  "st rd ave blvd ln dr ct pl sq hwy ltd inc llc llp plc gmbh ag corp co".split(" "),
);

/** A run that is a street, a place or an organisation rather than a person. */
export function isPlaceOrOrganization(
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

/**
 * A person's name followed by an organisation or a place in the same capitalised run ("John
 * Smith Acme Corp", "Sarah Johnson Holdings GmbH", "Maria Rossi Milan office", "Maria Rossi
 * Milan"): the leading known names, when they start with a given name; otherwise the run as it is
 * (the organisation test later rejects it whole).
 */
export function withoutTrailingOrganization(
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
