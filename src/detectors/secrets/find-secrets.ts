import { secretPatterns } from "./secret-patterns.js";

/** One secret found in a text. */
export interface SecretMatch {
  /** Pattern id, e.g. `github-token`. */
  readonly id: string;
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/**
 * Every secret in `text`, in text order; when two patterns overlap the longer span wins.
 *
 * @example
 * findSecrets("token ghp_0123456789abcdefghijABCDEFGHIJ012345"); // [{ id: "github-token", ... }]
 */
export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const { id, pattern } of secretPatterns) {
    for (const match of text.matchAll(pattern)) {
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
