import { allMatches } from "../text-features/all-matches.js";
import { secretPatterns } from "./secret-patterns.js";
import { createSecretPrefilter, type SecretPrefilter } from "./secret-prefilter.js";

/** One secret found in a text. */
export interface SecretMatch {
  /** Pattern id, e.g. `github-token`. */
  readonly id: string;
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** The built-in patterns' prefilter, compiled once (it holds no state between calls). */
const builtinPrefilter = createSecretPrefilter(secretPatterns.map(({ pattern }) => pattern));

/**
 * Every secret in `text`, in text order; when two patterns overlap the longer span wins.
 * `prefilter` skips the patterns whose required literals the text lacks (null: run them all,
 * for equivalence tests; the result is the same).
 *
 * @example
 * findSecrets("token ghp_0123456789abcdefghijABCDEFGHIJ012345"); // [{ id: "github-token", ... }]
 */
export function findSecrets(
  text: string,
  prefilter: SecretPrefilter | null = builtinPrefilter,
): SecretMatch[] {
  const found: SecretMatch[] = [];
  const may = prefilter?.candidates(text);
  for (let index = 0; index < secretPatterns.length; index += 1) {
    if (may !== undefined && !may[index]) continue;
    const { id, pattern } = secretPatterns[index]!;
    for (const match of allMatches(pattern, text)) {
      const secret = match.groups?.secret;
      const offset = secret === undefined ? 0 : match[0].lastIndexOf(secret);
      const value = secret ?? match[0];
      const start = match.index + offset;
      found.push({ id, start, end: start + value.length, value });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: SecretMatch[] = [];
  for (const match of found) {
    if (kept.every((other) => match.end <= other.start || match.start >= other.end))
      kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}
