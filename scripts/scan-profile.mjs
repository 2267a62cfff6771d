// Scan the bench chunks with a scanner set, for `node --cpu-prof`:
//   node --cpu-prof --cpu-prof-dir=scratch/prof scripts/scan-profile.mjs <dist> [set=ingest] [chunks=4000] [rounds=3] [chunks.json]
// then `node scripts/scan-prof-top.mjs scratch/prof/<file>.cpuprofile` for the top self times.
import { loadScanSet } from "./scan-set.mjs";

const set = process.argv[3] ?? "ingest";
const count = Number(process.argv[4] ?? 4000);
const rounds = Number(process.argv[5] ?? 3);
const { chunks, scan } = await loadScanSet(process.argv[2], set, count, process.argv[6]);
const t0 = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const c of chunks) await scan(c);
const u = process.cpuUsage(t0);
console.log(`${set}: ${((u.user + u.system) / 1000 / count / rounds).toFixed(4)} ms/chunk`);
