import type { RequiredLiterals } from "./required-literals.js";

/**
 * Required-literal clauses derived at build time for a detector's built-in regexes, by
 * {@link regexKey}. Deriving them at run time cost each thread that builds the detectors about
 * 0.1 CPU-s (the analysis runs once, so in cold code).
 */
export type ClauseSnapshot = Readonly<Record<string, RequiredLiterals>>;

/** A regex's key in a {@link ClauseSnapshot}: its source and flags, as a literal writes them. */
export function regexKey(regex: RegExp): string {
  return `/${regex.source}/${regex.flags}`;
}

/**
 * The snapshot's clauses for `regex`, else `derive(regex)`: a regex added or changed since the
 * snapshot was written gets the same clauses, only later (and the snapshot's test fails until
 * it is rewritten).
 *
 * @example
 * const clauses = snapshotClauses(ruleLiteralClauses, regex, ruleGateClauses);
 */
export function snapshotClauses(
  snapshot: ClauseSnapshot,
  regex: RegExp,
  derive: (regex: RegExp) => RequiredLiterals,
): RequiredLiterals {
  const key = regexKey(regex);
  return Object.hasOwn(snapshot, key) ? snapshot[key]! : derive(regex);
}
