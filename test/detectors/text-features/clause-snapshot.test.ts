import { describe, expect, it } from "vitest";
import { secretLiteralClauses } from "../../../src/detectors/secrets/secret-literals.generated.js";
import { secretPatterns } from "../../../src/detectors/secrets/secret-patterns.js";
import { caseFoldedLiterals } from "../../../src/detectors/secrets/secret-prefilter.js";
import {
  type ClauseSnapshot,
  regexKey,
  snapshotClauses,
} from "../../../src/detectors/text-features/clause-snapshot.js";
import type { RequiredLiterals } from "../../../src/detectors/text-features/required-literals.js";

/** The snapshot holds exactly the clauses derived now, for exactly these regexes. */
function expectCurrent(
  snapshot: ClauseSnapshot,
  regexes: readonly RegExp[],
  derive: (regex: RegExp) => RequiredLiterals,
): void {
  expect(Object.keys(snapshot).sort()).toEqual([...new Set(regexes.map(regexKey))].sort());
  for (const regex of regexes)
    expect(snapshot[regexKey(regex)], regexKey(regex)).toEqual(derive(regex));
}

describe("generated literal clause snapshots (rerun scripts/build-literal-snapshots.ts if these fail)", () => {
  it("hold the built-in secret patterns' case-folded clauses", () => {
    expectCurrent(
      secretLiteralClauses,
      secretPatterns.map(({ pattern }) => pattern),
      caseFoldedLiterals,
    );
  });
});

describe("snapshotClauses", () => {
  const snapshot: ClauseSnapshot = { "/ab+c/u": [["ab"], ["c"]] };

  it("reads a known regex from the snapshot without deriving", () => {
    let derived = 0;
    const clauses = snapshotClauses(snapshot, /ab+c/u, () => {
      derived += 1;
      return [];
    });
    expect(clauses).toEqual([["ab"], ["c"]]);
    expect(derived).toBe(0);
  });

  it("derives a regex it does not hold (other flags, other source, inherited names)", () => {
    for (const regex of [/ab+c/gu, /ab+d/u, /constructor/]) {
      expect(snapshotClauses(snapshot, regex, () => [["x"]])).toEqual([["x"]]);
    }
  });
});
