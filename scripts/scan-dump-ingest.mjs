// Before/after identity check of the ingest scanner set (InvisibleText, Secrets, Anonymize,
// Toxicity, PromptInjection, as ingest-cli runs them): one line per text, the SHA-256 of the JSON
// of scanPrompt's [sanitized, valid map, score map] (fresh vault per text) and each scanner's own
// result on the raw text (the JSON lines would be ~1.5 GB). The texts are dump-scan-outputs.mjs's
// corpus (scan-identity-corpus.mjs) plus, optionally, the chunks of a JSON array of strings.
//   node --import tsx scripts/scan-dump-ingest.mjs <distRoot> <out.jsonl> [chunks.json]
//   cmp before.jsonl after.jsonl   # no output: no text changed
import { createHash } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { corpus } from "./scan-identity-corpus.mjs";

const dist = resolve(process.argv[2]);
const { scanPrompt } = await import(join(dist, "src/scan/scan-prompt.js"));
const { buildScanners } = await import(join(dist, "src/scanners/registry.js"));
const { Vault } = await import(join(dist, "src/scanners/vault.js"));
const { silentLogger } = await import(join(dist, "src/common/logger.js"));
const texts = await corpus();
if (process.argv[4]) texts.push(...JSON.parse(readFileSync(process.argv[4], "utf8")));
console.error(`${texts.length} texts`);
const types = ["InvisibleText", "Secrets", "Anonymize", "Toxicity", "PromptInjection"];
const out = createWriteStream(process.argv[3]);
const t0 = process.cpuUsage();
for (const text of texts) {
  const scanners = buildScanners(
    types.map((type) => ({ type })),
    { vault: new Vault() },
  );
  const r = await scanPrompt(scanners, text, { logger: silentLogger });
  const alone = [];
  for (const scanner of buildScanners(
    types.map((type) => ({ type })),
    { vault: new Vault() },
  ))
    alone.push(await scanner.scan(text));
  const line = createHash("sha256")
    .update(JSON.stringify([r, alone]))
    .digest("hex");
  if (!out.write(`${line}\n`)) await new Promise((ok) => out.once("drain", ok));
}
out.end();
const u = process.cpuUsage(t0);
console.error(`cpu ${(u.user + u.system) / 1e6} s`);
