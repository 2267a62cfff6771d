/**
 * Write `src/detectors/pii/names/name-lexicon.json`, the PERSON recognizer's word sets built
 * from compromise's lexicon and `names/names.json`, so workers need not import compromise:
 * `npx tsx scripts/build-name-lexicon.ts` (deterministic; rerun after updating compromise or
 * the name lists; `test/detectors/pii/name-lexicon-snapshot.test.ts` fails until you do).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { buildNameLexiconFromCompromise } from "../src/detectors/pii/name-lexicon.js";
import {
  nameLexiconSnapshotUrl,
  snapshotNameLexicon,
} from "../src/detectors/pii/name-lexicon-snapshot.js";

const compromiseVersion = (
  JSON.parse(
    readFileSync(new URL("../node_modules/compromise/package.json", import.meta.url), "utf8"),
  ) as { version: string }
).version;
const snapshot = snapshotNameLexicon(await buildNameLexiconFromCompromise(), compromiseVersion);
writeFileSync(nameLexiconSnapshotUrl, `${JSON.stringify(snapshot, null, 1)}\n`);
console.log(`wrote ${nameLexiconSnapshotUrl.pathname} (compromise ${compromiseVersion})`);
