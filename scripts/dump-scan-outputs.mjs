// Before/after identity check of the scanners: one JSON line per corpus text with scanPrompt's
// [sanitized, valid map, score map] for the default set (Anonymize, Toxicity, PromptInjection;
// fresh vault per text) and the Toxicity and PromptInjection scores on the raw text.
//   node --import tsx scripts/dump-scan-outputs.mjs <distRoot> <out.jsonl> [limit]
//   cmp before.jsonl after.jsonl   # no output: no text changed
// Corpus (~420k texts with ../shared/data): every file under ../shared/data, fixtures/docs,
// test/detectors/toxicity/fixtures, test/fixtures and scripts/train (1000-char chunks, lines,
// JSON strings), disguised variants (homoglyphs, zero-width, leet, base64, hex, ROT13, tabs/CRLF,
// double spaces) of every seventh text, 13,000 generated bench chunks (seeds 7, 42, 3) and
// 20,000 random strings of boundary, Unicode and attack fragments.
import { createWriteStream } from "node:fs";
import { join, resolve } from "node:path";
import { corpus } from "./scan-identity-corpus.mjs";

const dist = resolve(process.argv[2]);
const { scanPrompt } = await import(join(dist, "src/scan/scan-prompt.js"));
const { buildScanners } = await import(join(dist, "src/scanners/registry.js"));
const { Vault } = await import(join(dist, "src/scanners/vault.js"));
const { silentLogger } = await import(join(dist, "src/common/logger.js"));
let texts = await corpus();
if (process.argv[4]) texts = texts.slice(0, Number(process.argv[4]));
console.error(`${texts.length} texts`);
const out = createWriteStream(process.argv[3]);
const alone = buildScanners([{ type: "Toxicity" }, { type: "PromptInjection" }], {
  vault: new Vault(),
});
const t0 = process.cpuUsage();
for (const text of texts) {
  const scanners = buildScanners(
    [{ type: "Anonymize" }, { type: "Toxicity" }, { type: "PromptInjection" }],
    { vault: new Vault() },
  );
  const r = await scanPrompt(scanners, text, { logger: silentLogger });
  const tox = await alone[0].scan(text);
  const pi = await alone[1].scan(text);
  if (!out.write(`${JSON.stringify([r, tox.score, pi.score])}\n`))
    await new Promise((ok) => out.once("drain", ok));
}
out.end();
const u = process.cpuUsage(t0);
console.error(`cpu ${(u.user + u.system) / 1e6} s`);
