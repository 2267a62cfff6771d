import { readFileSync } from "node:fs";
import { catalogueParams } from "../bench/catalogue-params.js";
import { createOutputScanner } from "../src/scanners/output-registry.js";
import { Vault } from "../src/scanners/vault.js";

const [type, file] = process.argv.slice(2);
const s = createOutputScanner(
  { type: type!, params: catalogueParams[type!] ?? {} },
  { vault: new Vault() },
);
for (const line of readFileSync(file!, "utf8").split("\n").filter(Boolean)) {
  const row = JSON.parse(line);
  const r = await s.scanOutput(row.prompt ?? "", row.text);
  console.log(
    row.label,
    r.valid ? "valid  " : "INVALID",
    r.score.toFixed(3),
    row.text.slice(0, 90),
  );
}
