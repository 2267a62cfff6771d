import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildNameLexiconFromCompromise,
  loadNameLexicon,
  type NameLexicon,
} from "../../../src/detectors/pii/name-lexicon.js";
import { readNameLexiconSnapshot } from "../../../src/detectors/pii/name-lexicon-snapshot.js";

const setsOf = (lexicon: NameLexicon): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(lexicon).map(([name, set]: [string, ReadonlySet<string>]) => [
      name,
      [...set].sort(),
    ]),
  );

describe("shipped name lexicon snapshot", () => {
  it("holds exactly the sets built from compromise and the name list (rerun scripts/build-name-lexicon.ts if not)", async () => {
    const fresh = setsOf(await buildNameLexiconFromCompromise());
    const shipped = setsOf(await loadNameLexicon());
    expect(Object.keys(shipped).sort()).toEqual(Object.keys(fresh).sort());
    for (const name of Object.keys(fresh)) expect(shipped[name], name).toEqual(fresh[name]);
    expect(fresh.givenNames!.length).toBeGreaterThan(10_000);
    expect(fresh.phrases!.length).toBeGreaterThan(100);
  }, 60_000);

  it("names the compromise version it was built from", () => {
    const installed = JSON.parse(
      readFileSync(
        new URL("../../../node_modules/compromise/package.json", import.meta.url),
        "utf8",
      ),
    ) as { version: string };
    expect(readNameLexiconSnapshot().compromise).toBe(installed.version);
  });
});
