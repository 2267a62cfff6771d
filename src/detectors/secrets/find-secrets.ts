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

/** The index after `index`, a whole surrogate pair in unicode mode (AdvanceStringIndex). */
function stepOver(text: string, index: number, unicode: boolean): number {
  const code = text.charCodeAt(index);
  const pair = unicode && code >= 0xd800 && code <= 0xdbff && index + 1 < text.length;
  const low = pair ? text.charCodeAt(index + 1) : 0;
  return index + (pair && low >= 0xdc00 && low <= 0xdfff ? 2 : 1);
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
    // exec on the shared global pattern (reset before and after) instead of matchAll, which
    // copies the RegExp on every call; an empty match steps on as matchAll would.
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === "") pattern.lastIndex = stepOver(text, pattern.lastIndex, pattern.unicode);
      const secret = match.groups?.secret;
      const offset = secret === undefined ? 0 : match[0].lastIndexOf(secret);
      const value = secret ?? match[0];
      const start = match.index + offset;
      found.push({ id, start, end: start + value.length, value });
    }
    pattern.lastIndex = 0;
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: SecretMatch[] = [];
  for (const match of found) {
    if (kept.every((other) => match.end <= other.start || match.start >= other.end))
      kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}
