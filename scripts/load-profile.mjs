// Self time of a .cpuprofile (e.g. an ingest worker's, from `node --cpu-prof --cpu-prof-dir DIR
// bin/ingest-cli.js <corpus> --out /tmp/x --workers 1 --quiet`) by area and by function, and the
// total time under each area (inclusive, counted once per sample):
//   node scripts/load-profile.mjs <file.cpuprofile> [top functions, default 40]
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

/** The area a frame belongs to, from its script URL. */
function area(frame) {
  const url = frame.url ?? "";
  if (url === "") return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.includes("/src/detectors/")) return "detectors";
  if (url.includes("/src/scanners/")) return "scanners";
  if (url.includes("/src/scan/")) return "scan";
  if (url.includes("/loaders/")) return "loaders";
  if (url.includes("/filters/")) return "filters";
  if (url.includes("/cli/ingest/")) return "cli/ingest";
  if (url.includes("pdfjs-dist") || url.includes("pdf-parse")) return "pdf.js";
  if (
    url.includes("html-to-text") ||
    url.includes("htmlparser2") ||
    url.includes("/domhandler") ||
    url.includes("/entities") ||
    url.includes("selderee") ||
    url.includes("parseley") ||
    url.includes("/dom-serializer") ||
    url.includes("/domutils") ||
    url.includes("/deepmerge")
  )
    return "html-to-text";
  if (url.includes("@langchain/textsplitters")) return "langchain splitter";
  if (url.includes("@langchain/core")) return "langchain core";
  if (url.includes("node_modules/"))
    return `dep ${url
      .split("node_modules/")
      .pop()
      .split("/")
      .slice(0, url.includes("node_modules/@") ? 2 : 1)
      .join("/")}`;
  if (url.startsWith("node:")) return "node";
  return "other";
}

const interval = new Map();
const { samples, timeDeltas } = profile;
for (let i = 0; i < samples.length; i++) {
  const dt = timeDeltas[i + 1] ?? 0;
  interval.set(samples[i], (interval.get(samples[i]) ?? 0) + dt);
}
let total = 0;
const selfArea = new Map();
const selfFn = new Map();
const inclArea = new Map();
for (const [id, us] of interval) {
  total += us;
  const node = nodes.get(id);
  const frame = node.callFrame;
  const a = area(frame);
  selfArea.set(a, (selfArea.get(a) ?? 0) + us);
  const key = `${frame.functionName || "(anon)"} ${(frame.url ?? "").split("/").slice(-2).join("/")}:${frame.lineNumber + 1} [${a}]`;
  selfFn.set(key, (selfFn.get(key) ?? 0) + us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const ca = area(nodes.get(cur).callFrame);
    if (!seen.has(ca)) {
      seen.add(ca);
      inclArea.set(ca, (inclArea.get(ca) ?? 0) + us);
    }
  }
}
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5);
console.log(`total ${ms(total)} ms`);
console.log("\narea                         self ms    %   incl ms    %");
for (const [a, us] of [...selfArea].sort((x, y) => y[1] - x[1])) {
  const inc = inclArea.get(a) ?? 0;
  console.log(`${a.padEnd(28)} ${ms(us)} ${pct(us)} ${ms(inc)} ${pct(inc)}`);
}
console.log("\ntop functions by self time");
for (const [k, us] of [...selfFn].sort((x, y) => y[1] - x[1]).slice(0, top)) {
  console.log(`${ms(us)} ${pct(us)}  ${k}`);
}
