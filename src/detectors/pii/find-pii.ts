import { allMatches } from "../text-features/all-matches.js";
import { findCards } from "./card-brands.js";
import type { PiiEntityType, PiiMatch } from "./entity-types.js";
import { loadNameLexicon, type NameLexicon } from "./name-lexicon.js";
import { patternRecognizers, rareHints } from "./pattern-recognizers.js";
import { findPersons } from "./person.js";
import { findPhoneNumbers, type ParsePhoneNumber } from "./phone.js";

/** The heavier data behind PERSON and PHONE_NUMBER, loaded once on first use. */
export interface PiiResources {
  readonly lexicon: NameLexicon;
  readonly parsePhone: ParsePhoneNumber;
}

const contextWindow = 48;
const anyDigit = /\d/;

/** Load once; `loaded()` gives the value without a promise once it is there. */
function memoize<T>(load: () => Promise<T>): {
  get: () => Promise<T>;
  loaded: () => T | undefined;
} {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const get = () => {
    pending ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { get, loaded: () => value };
}

const piiResources = memoize(async (): Promise<PiiResources> => {
  const [lexicon, phone] = await Promise.all([loadNameLexicon(), import("libphonenumber-js/max")]);
  return { lexicon, parsePhone: phone.parsePhoneNumberFromString };
});

/**
 * Load the name lexicon (its shipped snapshot) and libphonenumber-js (max metadata) once per
 * process; every `Anonymize` shares the same immutable result.
 */
export const loadPiiResources: () => Promise<PiiResources> = piiResources.get;

/** {@link loadPiiResources}' result once it has loaded (a scan then need not wait on a promise). */
export const loadedPiiResources: () => PiiResources | undefined = piiResources.loaded;

/** Keep the best of overlapping matches: higher score first, then the longer span. */
export function resolveOverlaps(matches: readonly PiiMatch[]): PiiMatch[] {
  const ranked = [...matches].sort(
    (a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: PiiMatch[] = [];
  for (const match of ranked) {
    if (kept.every((other) => match.end <= other.start || match.start >= other.end))
      kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function findByPatterns(
  text: string,
  types: ReadonlySet<PiiEntityType>,
  hasDigit: boolean,
): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Whether any case-insensitive regex hint matches, found in one pass when one is first asked.
  let rare: boolean | undefined;
  for (const recognizer of patternRecognizers) {
    if (!types.has(recognizer.type)) continue;
    if (recognizer.needsDigit && !hasDigit) continue;
    const { hint } = recognizer;
    if (typeof hint === "string") {
      if (!text.includes(hint)) continue;
    } else if (typeof hint === "function") {
      if (!hint(text)) continue;
    } else if (hint !== undefined) {
      if (hint.flags === "i") {
        rare ??= rareHints.test(text);
        if (!rare) continue;
      }
      if (!hint.test(text)) continue;
    }
    for (const match of allMatches(recognizer.pattern, text)) {
      const value = match[0];
      const context = text.slice(Math.max(0, match.index - contextWindow), match.index);
      const end = match.index + value.length;
      const score = recognizer.score(value, context, text.slice(end, end + 16));
      if (score > 0) {
        found.push({
          type: recognizer.type,
          start: match.index,
          end,
          text: value,
          score,
        });
      }
    }
  }
  return found;
}

/** Whether scanning for `entityTypes` needs {@link loadPiiResources} (PERSON, PHONE_NUMBER). */
export function needsPiiResources(entityTypes: Iterable<PiiEntityType>): boolean {
  for (const type of entityTypes) if (type === "PERSON" || type === "PHONE_NUMBER") return true;
  return false;
}

/**
 * Every PII span of the requested types in `text` scoring at least `threshold`, overlaps resolved,
 * in text order. Without `resources`, PERSON and PHONE_NUMBER are skipped.
 *
 * @example
 * const resources = await loadPiiResources();
 * findPii("mail jane@example.com", ["EMAIL_ADDRESS"], resources);
 */
export function findPii(
  text: string,
  entityTypes: readonly PiiEntityType[] | ReadonlySet<PiiEntityType>,
  resources: PiiResources | undefined,
  threshold = 0,
): PiiMatch[] {
  const types = entityTypes instanceof Set ? entityTypes : new Set(entityTypes);
  // One scan for a digit spares every digit pattern (and the phone finder) on prose.
  const hasDigit = anyDigit.test(text);
  const found = findByPatterns(text, types, hasDigit);
  if (types.has("CREDIT_CARD") && hasDigit) found.push(...findCards(text));
  if (resources && types.has("PHONE_NUMBER") && hasDigit) {
    found.push(...findPhoneNumbers(text, resources.parsePhone));
  }
  if (resources && types.has("PERSON")) found.push(...findPersons(text, resources.lexicon));
  if (found.length === 0) return found;
  return resolveOverlaps(found.filter((match) => match.score >= threshold));
}
