import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "../../common/errors.js";
import type { NameLexicon } from "./name-lexicon.js";
import {
  honorifics,
  nameParticles,
  organizationSuffixes,
  placePrefixes,
  streetSuffixes,
} from "./name-lists.js";

/**
 * The word sets of a {@link NameLexicon} that come from compromise's lexicon and the shipped
 * name list, stored as text (`names/name-lexicon.json`), so a worker reads them in a few
 * milliseconds instead of importing and unpacking compromise (about a second of CPU).
 */
export const nameLexiconSnapshotSchema = z.object({
  /** compromise version the sets were built from. */
  compromise: z.string(),
  /** Space-separated, sorted words. */
  givenNames: z.string(),
  surnames: z.string(),
  ambiguousNames: z.string(),
  ambiguousFirstNames: z.string(),
  otherWords: z.string(),
  places: z.string(),
  /** Line-separated, sorted multi-word phrases. */
  phrases: z.string(),
});

export type NameLexiconSnapshot = z.infer<typeof nameLexiconSnapshotSchema>;

const wordsOf = (set: ReadonlySet<string>, separator: string): string =>
  [...set].sort().join(separator);
const setOf = (table: string, separator: string): Set<string> =>
  new Set(table === "" ? [] : table.split(separator));

/** The snapshot of `lexicon` (its compromise-derived sets), for `names/name-lexicon.json`. */
export function snapshotNameLexicon(
  lexicon: NameLexicon,
  compromiseVersion: string,
): NameLexiconSnapshot {
  return {
    compromise: compromiseVersion,
    givenNames: wordsOf(lexicon.givenNames, " "),
    surnames: wordsOf(lexicon.surnames, " "),
    ambiguousNames: wordsOf(lexicon.ambiguousNames, " "),
    ambiguousFirstNames: wordsOf(lexicon.ambiguousFirstNames, " "),
    otherWords: wordsOf(lexicon.otherWords, " "),
    places: wordsOf(lexicon.places, " "),
    phrases: wordsOf(lexicon.phrases, "\n"),
  };
}

/** The lexicon a snapshot stands for, with the hand-written lists of `name-lists.ts`. */
export function lexiconFromSnapshot(snapshot: NameLexiconSnapshot): NameLexicon {
  return {
    givenNames: setOf(snapshot.givenNames, " "),
    surnames: setOf(snapshot.surnames, " "),
    ambiguousNames: setOf(snapshot.ambiguousNames, " "),
    ambiguousFirstNames: setOf(snapshot.ambiguousFirstNames, " "),
    otherWords: setOf(snapshot.otherWords, " "),
    places: setOf(snapshot.places, " "),
    honorifics: new Set(honorifics),
    particles: new Set(nameParticles),
    phrases: setOf(snapshot.phrases, "\n"),
    streetSuffixes: new Set(streetSuffixes),
    placePrefixes: new Set(placePrefixes),
    organizationSuffixes: new Set(organizationSuffixes),
  };
}

/** Where the shipped snapshot lives (copied to `dist/` with the other JSON files). */
export const nameLexiconSnapshotUrl = new URL("./names/name-lexicon.json", import.meta.url);

/** Read the shipped snapshot. */
export function readNameLexiconSnapshot(): NameLexiconSnapshot {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(nameLexiconSnapshotUrl, "utf8"));
  } catch (error) {
    throw new ConfigError(
      `Cannot read the name lexicon ${nameLexiconSnapshotUrl.pathname}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const parsed = nameLexiconSnapshotSchema.safeParse(raw);
  if (!parsed.success)
    throw new ConfigError(`invalid name lexicon ${nameLexiconSnapshotUrl.pathname}`);
  return parsed.data;
}
