// Self-time samples by source line of the functions whose name matches a regex:
//   node scripts/scan-prof-lines.mjs <file.cpuprofile> <regex>
// (lines of the compiled dist/ JavaScript, from the profile's positionTicks).
import { readFileSync } from "node:fs";

const prof = JSON.parse(readFileSync(process.argv[2], "utf8"));
const want = new RegExp(process.argv[3]);
const lines = new Map();
for (const n of prof.nodes) {
  const f = n.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.replace(/.*\/dist\//, "")}`;
  if (!want.test(key)) continue;
  for (const { line, ticks } of n.positionTicks ?? [])
    lines.set(`${key}:${line}`, (lines.get(`${key}:${line}`) ?? 0) + ticks);
}
for (const [k, t] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(String(t).padStart(6), k);
