// Where the scanners allocate: a sampling heap profile of scanning chunks that keeps the objects
// the young and old generation collections freed, summed by allocating function.
//   node scripts/scan-alloc.mjs <dist> [set=ingest] [chunks=4000] [chunks.json] [top=30]
import { Session } from "node:inspector/promises";
import { loadScanSet } from "./scan-set.mjs";

const set = process.argv[3] ?? "ingest";
const count = Number(process.argv[4] ?? 4000);
const top = Number(process.argv[6] ?? 30);
const { chunks, scan } = await loadScanSet(process.argv[2], set, count, process.argv[5]);
for (const c of chunks.slice(0, 500)) await scan(c);
const session = new Session();
session.connect();
await session.post("HeapProfiler.startSampling", {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (const c of chunks) await scan(c);
const { profile } = await session.post("HeapProfiler.stopSampling");
const self = new Map();
let total = 0;
const walk = (node) => {
  const f = node.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.replace(/.*\/(dist|node_modules)\//, "")}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const c of node.children) walk(c);
};
walk(profile.head);
console.log(`${(total / count / 1024).toFixed(1)} KB sampled per chunk`);
for (const [k, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(
    `${((100 * b) / total).toFixed(1).padStart(5)}%  ${(b / count).toFixed(0).padStart(6)} B/chunk  ${k}`,
  );
