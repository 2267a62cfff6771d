import { snapshotClauses } from "../text-features/clause-snapshot.js";
import { compileLiteralGates, passesGate } from "../text-features/literal-scan.js";
import { type RequiredLiterals, requiredLiterals } from "../text-features/required-literals.js";
import { secretLiteralClauses } from "./secret-literals.generated.js";

/**
 * Which secret patterns can match a text, from the literals each one requires (derived from the
 * regex source, so a new pattern is covered without annotations), all found in one pass. Most
 * texts hold no secret and none of the literals: then no regex runs at all.
 */
export interface SecretPrefilter {
  /**
   * True at index `i` when pattern `i` may match `text`; false only when it cannot. The array is
   * reused by the next call: read it before calling again.
   */
  candidates(text: string): readonly boolean[];
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * The literal clauses of `pattern`, to be looked for ignoring ASCII case. `requiredLiterals`
 * gives up on the `i` flag, so an `i` pattern is analysed as its case-sensitive twin: without
 * `u`, ignore-case matching pairs an ASCII letter only with its other case (a non-ASCII
 * character never matches an ASCII one), so a match of the `i` pattern differs from some match
 * of the twin in ASCII case alone and holds its literals up to case. Not sound with `u` (the
 * Kelvin sign folds to k) or for non-ASCII literals (the scan folds ASCII letters only): those
 * patterns always run.
 */
export function caseFoldedLiterals(pattern: RegExp): RequiredLiterals {
  if (pattern.ignoreCase && (pattern.unicode || pattern.flags.includes("v"))) return [];
  const twin = new RegExp(pattern.source, pattern.flags.replace("i", ""));
  const clauses = requiredLiterals(twin);
  return clauses.every((clause) => clause.every(isAscii)) ? clauses : [];
}

/**
 * Compile the prefilter of `patterns` (in their order); the built-in patterns' clauses come from
 * the generated snapshot. Literals are compared ignoring ASCII
 * case for every pattern, which only weakens a case-sensitive pattern's gate (it may run
 * needlessly, never wrongly skip) and keeps the pass to one automaton.
 *
 * @example
 * const prefilter = createSecretPrefilter([/\bAKIA[A-Z2-7]{16}\b/g]);
 * prefilter.candidates("no keys here"); // [false]
 */
export function createSecretPrefilter(patterns: readonly RegExp[]): SecretPrefilter {
  const clauses = patterns.map((pattern) =>
    snapshotClauses(secretLiteralClauses, pattern, caseFoldedLiterals),
  );
  const { gates, scanner } = compileLiteralGates(clauses, {
    ignoreAsciiCase: true,
  });
  // The flags and the answer are reused from call to call: a fresh flag array per text was an
  // off-heap allocation (one byte per literal) for a scan that finds nothing in most texts.
  const found = new Uint8Array(scanner?.literals.length ?? 0);
  const may: boolean[] = gates.map(() => false);
  return {
    candidates(text) {
      if (scanner !== null) scanner.scan(text, found.fill(0));
      for (let index = 0; index < gates.length; index += 1)
        may[index] = passesGate(gates[index]!, found);
      return may;
    },
  };
}
