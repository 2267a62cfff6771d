// Top self-time functions of a .cpuprofile:
//   node scripts/scan-prof-top.mjs <file.cpuprofile> [top=40]
import { readFileSync } from "node:fs";

const prof = JSON.parse(readFileSync(process.argv[2], "utf8"));
const top = Number(process.argv[3] ?? 40);
const dt = new Map();
for (let i = 0; i < prof.samples.length; i++)
  dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
const self = new Map();
let total = 0;
for (const n of prof.nodes) {
  const t = dt.get(n.id) ?? 0;
  total += t;
  const f = n.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.replace(/.*\/(dist|node_modules)\//, "")}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [k, t] of rows)
  console.log(
    `${((100 * t) / total).toFixed(2).padStart(6)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`,
  );
// Inclusive time of the functions whose name matches the optional third argument (a regex).
if (process.argv[4]) {
  const want = new RegExp(process.argv[4]);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const n of prof.nodes) {
    const t = dt.get(n.id) ?? 0;
    if (!t) continue;
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      const key = `${f.functionName || "(anon)"} ${f.url.replace(/.*\/(dist|node_modules)\//, "")}:${f.lineNumber + 1}`;
      if (!want.test(key) || seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + t);
    }
  }
  console.log("inclusive:");
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]))
    console.log(
      `${((100 * t) / total).toFixed(2).padStart(6)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
}
