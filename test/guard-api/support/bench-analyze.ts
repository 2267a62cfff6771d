/**
 * Throughput, latency and memory of the guard API: `POST /analyze/prompt` with 1,000-character
 * prompts, through `ragguard guard-api` (TypeScript sources via tsx) in a child process.
 *
 *   node --import tsx test/guard-api/support/bench-analyze.ts [--seconds 20] [--connections 50]
 *     [--threads N] [--light]
 *
 * `--light` runs only InvisibleText, to show the server's own overhead. Prints one JSON object.
 * A script, not a test: figures depend on the machine and its load.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

interface CannonResult {
  requests: { total: number; average: number; p50: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<CannonResult>;

const root = fileURLToPath(new URL("../../..", import.meta.url));
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    threads: { type: "string" },
    light: { type: "boolean", default: false },
  },
});

const sentences = [
  "Please summarise the attached quarterly report for the board and keep it under one page.",
  "The revenue grew by twelve percent while operating costs stayed flat compared to last year.",
  "Highlight the risks in the supply chain section and suggest two ways to reduce them.",
  "Our customer support team handled more tickets than usual during the product launch week.",
  "Write the answer in plain English and avoid jargon that a new employee would not know.",
];

function makePrompt(length: number): string {
  let text = "";
  for (let i = 0; text.length < length; i += 1) text += `${sentences[i % sentences.length]} `;
  return text.slice(0, length);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the guard API did not become ready");
}

const config = join(mkdtempSync(join(tmpdir(), "ragguard-bench-")), "scanners.yaml");
writeFileSync(
  config,
  [
    "app:",
    "  log_level: warn",
    ...(values.threads ? [`  scan_threads: ${values.threads}`] : []),
    ...(values.light ? ["input_scanners:", "  - type: InvisibleText"] : []),
    "",
  ].join("\n"),
);
const port = await freePort();
const entry = `${root}cli/ragguard.ts`;
const script = `import(${JSON.stringify(entry)}).then((m) => m.main(["node", "cli", ...process.argv.slice(1)]))`;
const args = ["guard-api", "--config", config, "--host", "127.0.0.1", "--port", String(port)];
const child = spawn(
  process.execPath,
  ["--import", "tsx", "--input-type=module", "-e", script, "--", ...args],
  { cwd: root, stdio: ["ignore", "ignore", "ignore"] },
);
const base = `http://127.0.0.1:${port}`;
try {
  await waitReady(base);
  const body = JSON.stringify({ prompt: makePrompt(1000) });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const atRest = rssMb(child.pid!);
  const result = await autocannon({
    url: `${base}/analyze/prompt`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: Number(values.connections),
    duration: Number(values.seconds),
  });
  const summary = {
    scanners: values.light ? "InvisibleText" : "default set",
    threads: values.threads ?? "available CPUs",
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    promptChars: 1000,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    reqPerSec: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    rssMb: { atRest, afterRun: rssMb(child.pid!) },
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
} finally {
  child.kill("SIGTERM");
}
