/**
 * Gateway overhead: autocannon against a fixed-response fake OpenAI upstream, directly and through
 * `ragguard gateway` (a child process started from the sources with tsx), interleaved.
 * Prints p50/p99 latency, req/s and the gateway's RSS at rest and after load.
 *
 *   npx tsx scripts/bench-gateway.ts [--connections 50] [--duration 10] [--rounds 2]
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { z } from "zod";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const connections = arg("connections", 50);
const duration = arg("duration", 10);
const rounds = arg("rounds", 2);

const answer = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});
const body = JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hello" }] });

const resultSchema = z.object({
  latency: z.object({ p50: z.number(), p99: z.number() }),
  requests: z.object({ average: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
});

async function startUpstream(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startGateway(upstream: string): Promise<{ child: ChildProcess; url: string }> {
  const dir = await mkdtemp(join(tmpdir(), "ragguard-bench-gateway-"));
  const config = join(dir, "gateway.yaml");
  await writeFile(
    config,
    `model_list:\n  - model_name: gpt-4o\n    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: ${upstream}/v1 }\n` +
      `general_settings: { master_key: sk-bench-master, database_url: "pglite://${dir}/db" }\n`,
  );
  const main = `import("./cli/ragguard.ts").then((m) => m.main(["node", "ragguard", ...process.argv.slice(1)]))`;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      main,
      "--",
      "gateway",
      "--config",
      config,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--log-format",
      "json",
      "--log-level",
      "warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env } },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // The listen line is at info level; ask the health route until it answers instead.
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(async () => {
      const out = await promisify(execFile)("ss", ["-ltnpH"]).catch(() => ({ stdout: "" }));
      const line = out.stdout.split("\n").find((l) => l.includes(`pid=${child.pid},`));
      const match = line === undefined ? null : /127\.0\.0\.1:(\d+)/.exec(line);
      if (match?.[1] !== undefined) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 200);
    child.on("exit", (code) => reject(new Error(`gateway exited ${code}: ${stderr}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function cannon(url: string, key: string | undefined) {
  const headers = ["-H", "content-type=application/json"];
  if (key !== undefined) headers.push("-H", `authorization=Bearer ${key}`);
  const { stdout } = await promisify(execFile)(
    "npx",
    [
      "autocannon",
      "-c",
      String(connections),
      "-d",
      String(duration),
      "-m",
      "POST",
      ...headers,
      "-b",
      body,
      "--json",
      `${url}/v1/chat/completions`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return resultSchema.parse(JSON.parse(stdout));
}

const upstream = await startUpstream();
const { child, url } = await startGateway(upstream);
const generate = await fetch(`${url}/key/generate`, {
  method: "POST",
  headers: { authorization: "Bearer sk-bench-master", "content-type": "application/json" },
  body: "{}",
});
const { key } = z.object({ key: z.string() }).parse(await generate.json());
await cannon(url, key); // warm-up
await new Promise((resolve) => setTimeout(resolve, 1000));
const atRest = await rssMiB(child.pid ?? 0);
const rows: string[] = [];
for (let round = 1; round <= rounds; round++) {
  const direct = await cannon(upstream, undefined);
  const through = await cannon(url, key);
  for (const [name, r] of [
    ["direct", direct],
    ["gateway", through],
  ] as const) {
    rows.push(
      `round ${round} ${name.padEnd(8)} p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
}
const afterLoad = await rssMiB(child.pid ?? 0);
console.log(`connections ${connections}, ${duration} s per run, ${rounds} interleaved rounds`);
for (const row of rows) console.log(row);
console.log(
  `gateway RSS at rest ${atRest.toFixed(1)} MiB (tsx, PGlite loaded), after load ${afterLoad.toFixed(1)} MiB`,
);
child.kill("SIGTERM");
process.exit(0);
