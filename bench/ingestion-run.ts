import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { z } from "zod";
import { cpuSeconds, ingestBin, memoryMiB, threadCpuSeconds } from "./processes.js";

/** The part of ingest-cli's `--json` report the bench reads. */
const reportSchema = z.object({
  status: z.string(),
  elapsed_seconds: z.number(),
  totals: z.object({
    files: z.number(),
    loaded: z.number(),
    skipped: z.number(),
    chunks: z.number(),
    kept: z.number(),
    dropped: z.number(),
    redacted: z.number(),
    bytes: z.number(),
  }),
  throughput: z.object({ mb_per_second: z.number() }),
});

/** CPU seconds of an ingest run split by thread kind. */
export interface ThreadCpu {
  /** The main thread (walks, judges, writes). */
  main: number;
  /** The `--workers` busiest other threads: the ingest workers (load, split, scan). */
  workers: number;
  /** Every other thread: V8's background GC and compiler threads, libuv's pool. */
  helpers: number;
}

/** Split the last poll of every thread into main / the `workers` busiest others / the rest. */
function splitThreadCpu(pid: number, workers: number, threads: Map<number, number>): ThreadCpu {
  const others = [...threads].filter(([tid]) => tid !== pid).map(([, seconds]) => seconds);
  others.sort((a, b) => b - a);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    main: threads.get(pid) ?? 0,
    workers: sum(others.slice(0, workers)),
    helpers: sum(others.slice(workers)),
  };
}

/** One timed `ingest-cli` run. */
export interface IngestionRun {
  workers: number;
  wallSeconds: number;
  mbPerSecond: number;
  /** Peak RSS of the ingest process (its worker threads included), from /proc VmHWM. */
  peakRssMiB: number;
  /** User + system CPU seconds of the process and its threads (last 100 ms poll before exit). */
  cpuSeconds: number;
  /** The same CPU split by thread (last poll of each thread; a thread that exited early is missed). */
  threadCpu: ThreadCpu;
  report: z.infer<typeof reportSchema>;
}

/**
 * Run `node bin/ingest-cli.js <corpus> --out <out> --workers N --quiet --json`, timing it from spawn
 * to exit and polling its peak RSS every 100 ms. MB/s is input bytes (1e6) per wall second.
 */
export async function runIngestion(options: {
  corpusDir: string;
  corpusBytes: number;
  outDir: string;
  workers: number;
}): Promise<IngestionRun> {
  const args = [
    ingestBin,
    options.corpusDir,
    "--out",
    options.outDir,
    "--workers",
    String(options.workers),
    "--quiet",
    "--json",
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let peak = 0;
  let cpu = 0;
  const threads = new Map<number, number>();
  const poll = setInterval(() => {
    const memory = memoryMiB(child.pid ?? 0);
    if (Number.isFinite(memory.peak)) peak = Math.max(peak, memory.peak);
    const now = cpuSeconds(child.pid ?? 0);
    if (Number.isFinite(now)) cpu = Math.max(cpu, now);
    for (const [tid, seconds] of threadCpuSeconds(child.pid ?? 0)) threads.set(tid, seconds);
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  }).finally(() => clearInterval(poll));
  const wallSeconds = (performance.now() - started) / 1000;
  await rm(options.outDir, { recursive: true, force: true });
  // 3: done, but some files were skipped; the report lists them and the section shows the count.
  if (code !== 0 && code !== 3) {
    throw new Error(`ingest-cli --workers ${options.workers} exited with ${code}: ${stderr}`);
  }
  const report = reportSchema.parse(JSON.parse(stdout));
  return {
    workers: options.workers,
    wallSeconds,
    mbPerSecond: options.corpusBytes / 1e6 / wallSeconds,
    peakRssMiB: peak,
    cpuSeconds: cpu,
    threadCpu: splitThreadCpu(child.pid ?? 0, options.workers, threads),
    report,
  };
}
