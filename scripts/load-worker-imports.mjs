// CPU an ingest worker spends importing its modules (what cli/ingest/ingest-worker imports:
// ingest-task with the loaders and splitter, the scanner registry, scan-chunk), and which
// LangChain modules that loads, in fresh processes, builds alternating (A B B A per round):
//   node scripts/load-worker-imports.mjs <A dist> <B dist> [rounds, default 3]
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [aArg, bArg, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
// Counts the @langchain modules actually loaded (a `load` hook: resolving alone is not loading).
const hooks = `data:text/javascript,${encodeURIComponent(
  'let n = 0; export async function load(u, c, next) { if (u.includes("/@langchain/")) process.stderr.write("langchain module " + ++n + ": " + u.split("node_modules/").pop() + "\\n"); return next(u, c); }',
)}`;

function run(dist, trace) {
  const base = pathToFileURL(resolve(dist)).href;
  const code = `
    ${trace ? `import { register } from "node:module"; register(${JSON.stringify(hooks)});` : ""}
    const t = process.cpuUsage();
    await import("${base}/cli/ingest/ingest-task.js");
    await import("${base}/src/scanners/registry.js");
    await import("${base}/cli/ingest/scan-chunk.js");
    const u = process.cpuUsage(t);
    console.log((u.user + u.system) / 1000);`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    encoding: "utf8",
  });
  if (trace) {
    const loaded = child.stderr.split("\n").filter((line) => line.startsWith("langchain module"));
    console.log(
      `  ${loaded.length} @langchain modules loaded${loaded.length ? `, first: ${loaded[0]}` : ""}`,
    );
  }
  return Number(child.stdout.trim());
}

for (const [name, dist] of [
  ["A", aArg],
  ["B", bArg],
]) {
  console.log(`${name} (${dist}):`);
  run(dist, true);
}
const times = { A: [], B: [] };
for (let round = 0; round < rounds; round++) {
  for (const name of ["A", "B", "B", "A"]) times[name].push(run(name === "A" ? aArg : bArg, false));
}
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
for (const name of ["A", "B"]) {
  console.log(
    `${name}: import CPU ms median ${median(times[name]).toFixed(0)} (${times[name].map((t) => t.toFixed(0)).join(" ")})`,
  );
}
