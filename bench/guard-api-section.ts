import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { generateChunks } from "./corpus.js";
import { startGuardApi } from "./gateway-processes.js";
import { type LoadResult, runLoad } from "./load.js";
import { cpuSeconds, memoryMiB, threadCpuSeconds } from "./processes.js";
import type { BenchSection } from "./section.js";
import { formatSpread, spread } from "./stats.js";

/**
 * CPU seconds the scan workers used between two snapshots: the `workers` busiest threads other
 * than the main one (node names every thread "node", so the busiest stand for the workers; V8's
 * compiler and GC helpers are far less busy once warm).
 */
function workerCpuSeconds(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  workers: number,
): number {
  const used: number[] = [];
  for (const [tid, seconds] of after) {
    if (tid !== pid) used.push(seconds - (before.get(tid) ?? 0));
  }
  used.sort((a, b) => b - a);
  return used.slice(0, workers).reduce((sum, seconds) => sum + seconds, 0);
}

/** Requests the guard API has answered on `/analyze/prompt`, from its own Prometheus counter. */
async function answered(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("guard_api_requests_total{") && line.includes('route="/analyze/prompt"'))
      total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

/** Requests answered before the measured rounds (see the warm-up below). */
const warmUpRequests = 3000;

/** Section 4: the guard API's `/analyze/prompt` with 1000-char prompts at 50 connections. */
export const guardApiSection: BenchSection = {
  name: "guard-api",
  title: "Guard API — POST /analyze/prompt, 1000-char prompts, default scanners, 50 connections",
  async run({ quick }) {
    const durationSeconds = quick ? 3 : 10;
    const rounds = quick ? 1 : 3;
    const dir = await mkdtemp(join(tmpdir(), "ragguard-bench-guard-"));
    const guard = await startGuardApi(dir);
    try {
      const bodies = generateChunks(50, 1000, 23).map((prompt) => JSON.stringify({ prompt }));
      const load = (seconds: number) =>
        runLoad({
          url: `${guard.url}/analyze/prompt`,
          bodies,
          connections: 50,
          durationSeconds: seconds,
        });
      // Warm-up by answers, not seconds: the first ~2,000 requests cost up to twice the steady
      // state (the scanners and the HTTP path are still being compiled, on helper threads too),
      // and a 1 s warm-up on a slow or busy host ends long before that.
      const warmUpDeadline = Date.now() + 120_000;
      while ((await answered(guard.url)) < warmUpRequests && Date.now() < warmUpDeadline) {
        await load(1);
      }
      const rest = memoryMiB(guard.child.pid ?? 0);
      const pid = guard.child.pid ?? 0;
      const runs: LoadResult[] = [];
      const cpuMsPerRequest: number[] = [];
      const mainCpuMsPerRequest: number[] = [];
      const workerCpuMsPerRequest: number[] = [];
      // The guard API's default: one scan worker per core.
      const workers = availableParallelism();
      for (let round = 0; round < rounds; round++) {
        const cpuBefore = cpuSeconds(pid);
        const mainBefore = cpuSeconds(pid, pid);
        const threadsBefore = threadCpuSeconds(pid);
        const answeredBefore = await answered(guard.url);
        runs.push(await load(durationSeconds));
        const requests = (await answered(guard.url)) - answeredBefore;
        const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000;
        const mainMs = (cpuSeconds(pid, pid) - mainBefore) * 1000;
        const workerMs =
          workerCpuSeconds(pid, threadsBefore, threadCpuSeconds(pid), workers) * 1000;
        cpuMsPerRequest.push(requests > 0 ? cpuMs / requests : Number.NaN);
        mainCpuMsPerRequest.push(requests > 0 ? mainMs / requests : Number.NaN);
        workerCpuMsPerRequest.push(requests > 0 ? workerMs / requests : Number.NaN);
      }
      const after = memoryMiB(guard.child.pid ?? 0);
      const figures = {
        rounds,
        durationSeconds,
        connections: 50,
        p50Ms: spread(runs.map((r) => r.p50Ms)),
        p99Ms: spread(runs.map((r) => r.p99Ms)),
        reqPerSec: spread(runs.map((r) => r.reqPerSec)),
        cpuMsPerRequest: spread(cpuMsPerRequest),
        mainThreadCpuMsPerRequest: spread(mainCpuMsPerRequest),
        scanWorkersCpuMsPerRequest: spread(workerCpuMsPerRequest),
        scanWorkers: workers,
        non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
        memoryMiB: { atRest: rest.rss, afterLoad: after.rss, peak: after.peak },
      };
      return {
        figures,
        header: [
          "route",
          "p50 ms",
          "p99 ms",
          "req/s",
          "CPU ms/req",
          "main thread",
          "scan workers",
          "non-2xx+errors",
          "RSS MiB rest/after",
        ],
        rows: [
          [
            "/analyze/prompt",
            formatSpread(figures.p50Ms),
            formatSpread(figures.p99Ms),
            formatSpread(figures.reqPerSec, 0),
            formatSpread(figures.cpuMsPerRequest),
            formatSpread(figures.mainThreadCpuMsPerRequest),
            formatSpread(figures.scanWorkersCpuMsPerRequest),
            String(figures.non2xx + figures.errors),
            `${rest.rss.toFixed(0)} / ${after.rss.toFixed(0)}`,
          ],
        ],
        notes: [
          `Goal: >= 1,500 req/s on 2 cores: ${figures.reqPerSec.median >= 1500 ? "met" : "NOT met"}; RSS <= 300 MiB: ${after.peak <= 300 ? "met" : "NOT met"}. The load generator shares the 2 cores.`,
          `Measured after a warm-up of ${warmUpRequests} answered requests (the first ~2,000 cost up to twice as much CPU: JIT compilation).`,
          "CPU ms/req: the guard API process's CPU time (main thread, scan workers, GC) per request; 2 cores / CPU ms/req bounds req/s on an otherwise idle machine, before the load generator.",
          `main thread: the part spent on the event loop thread (HTTP, JSON, dispatch to the workers); scan workers: the ${workers} busiest other threads (the scans, their GC and hand-off); the rest is V8's helper threads (GC, compiler) and libuv.`,
        ],
      };
    } finally {
      await guard.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
