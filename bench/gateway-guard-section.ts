import { request } from "node:http";
import {
  benchMasterKey,
  startFakeUpstream,
  startGateway,
  startGuardApi,
  withServers,
} from "./gateway-processes.js";
import { hostLoadBetween, readCpuTimes } from "./host-load.js";
import { cpuSeconds, type ServerProcess } from "./processes.js";
import type { BenchSection } from "./section.js";
import { percentile } from "./stats.js";

/** Milliseconds between two streamed words of the fake model (about 100 words per second). */
const wordGapMs = 10;

/** A prose prompt of about 1,000 characters, as a RAG question with its context. */
const prompt = `Answer from the context only. Context: ${"The Seine flows through Paris, the capital of France, and divides the city into the Left Bank and the Right Bank. ".repeat(8)}Question: which river flows through the capital?`;

interface Timing {
  /** Milliseconds to the end of the answer. */
  totalMs: number;
  /** Milliseconds to the first non-empty content delta (streams only). */
  firstTokenMs: number;
}

/** One call from a fresh request on a kept-alive agent; rejects on a non-200 answer. */
function timeCall(url: string, body: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstTokenMs = Number.NaN;
    let seen = "";
    const target = new URL(url);
    const call = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          authorization: `Bearer ${benchMasterKey}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", (part: string) => {
          if (!Number.isNaN(firstTokenMs)) return;
          seen += part;
          if (/"content":"[^"]/.test(seen)) firstTokenMs = performance.now() - started;
        });
        response.once("end", () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${url} answered ${response.statusCode}: ${seen.slice(0, 300)}`));
          } else resolve({ totalMs: performance.now() - started, firstTokenMs });
        });
      },
    );
    call.once("error", reject);
    call.end(body);
  });
}

const configs = ["guard off", "guard on, input only", "guard on, input + output"] as const;
type Config = (typeof configs)[number];
const kinds = ["chat", "stream"] as const;
type Kind = (typeof kinds)[number];

interface Series {
  totalMs: number[];
  firstTokenMs: number[];
}

const p = (values: readonly number[], q: number) => percentile(values, q);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");

/**
 * Section "gateway-guard": the latency `guard_moderations` adds, one call at a time (no queueing,
 * so the figure is the guard's own time): a non-streaming chat with the guard off, on for the
 * prompt only, and on for prompt and answer; and the time to the first streamed token with output
 * scanning off and on (the held-back window waits for a sentence end, then for the guard).
 */
export const gatewayGuardSection: BenchSection = {
  name: "gateway-guard",
  title:
    "Gateway guard latency — guard off vs on, one call at a time, ~1,000-char prompt (ms, p50 / p95)",
  async run({ quick }) {
    const calls = quick ? 20 : 200;
    return withServers("ragguard-bench-gateway-guard-", async (start, dir) => {
      const upstream = await start(startFakeUpstream(wordGapMs));
      const guard = await start(startGuardApi(dir));
      const gateways: Record<Config, ServerProcess> = {
        "guard off": await start(startGateway({ dir, name: "off", upstream: upstream.url })),
        "guard on, input only": await start(
          startGateway({
            dir,
            name: "input",
            upstream: upstream.url,
            guardUrl: guard.url,
            guardOutput: false,
          }),
        ),
        "guard on, input + output": await start(
          startGateway({ dir, name: "both", upstream: upstream.url, guardUrl: guard.url }),
        ),
      };
      const bodies: Record<Kind, string> = {
        chat: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: prompt }] }),
        stream: JSON.stringify({
          model: "gpt-4o",
          stream: true,
          messages: [{ role: "user", content: prompt }],
        }),
      };
      const series = new Map<string, Series>();
      const seriesOf = (config: Config, kind: Kind) => {
        const name = `${config}/${kind}`;
        if (!series.has(name)) series.set(name, { totalMs: [], firstTokenMs: [] });
        return series.get(name) as Series;
      };
      const one = async (config: Config, kind: Kind) =>
        timeCall(`${gateways[config].url}/v1/chat/completions`, bodies[kind]);
      // Warm-up: connections, JIT, the guard's models.
      for (const config of configs) for (const kind of kinds) await one(config, kind);
      const guardCpuBefore = cpuSeconds(guard.child.pid ?? 0);
      const hostBefore = readCpuTimes();
      // Interleaved, so that a busy moment of the machine hits every configuration alike.
      for (let i = 0; i < calls; i++) {
        for (const config of configs) {
          for (const kind of kinds) {
            const timing = await one(config, kind);
            const into = seriesOf(config, kind);
            into.totalMs.push(timing.totalMs);
            if (kind === "stream") into.firstTokenMs.push(timing.firstTokenMs);
          }
        }
      }
      const guardCpuMs = (cpuSeconds(guard.child.pid ?? 0) - guardCpuBefore) * 1000;
      const hostAfter = readCpuTimes();
      const host =
        hostBefore !== null && hostAfter !== null ? hostLoadBetween(hostBefore, hostAfter) : null;

      const figures: Record<string, unknown> = { calls, wordGapMs, promptChars: prompt.length };
      const rows: string[][] = [];
      const base = seriesOf("guard off", "chat");
      const baseStream = seriesOf("guard off", "stream");
      for (const config of configs) {
        const chat = seriesOf(config, "chat");
        const stream = seriesOf(config, "stream");
        const entry = {
          chatP50Ms: p(chat.totalMs, 50),
          chatP95Ms: p(chat.totalMs, 95),
          chatAddedP50Ms: p(chat.totalMs, 50) - p(base.totalMs, 50),
          firstTokenP50Ms: p(stream.firstTokenMs, 50),
          firstTokenP95Ms: p(stream.firstTokenMs, 95),
          firstTokenAddedP50Ms: p(stream.firstTokenMs, 50) - p(baseStream.firstTokenMs, 50),
          streamTotalP50Ms: p(stream.totalMs, 50),
        };
        figures[config] = entry;
        rows.push([
          config,
          `${ms(entry.chatP50Ms)} / ${ms(entry.chatP95Ms)}`,
          config === "guard off" ? "–" : ms(entry.chatAddedP50Ms),
          `${ms(entry.firstTokenP50Ms)} / ${ms(entry.firstTokenP95Ms)}`,
          config === "guard off" ? "–" : ms(entry.firstTokenAddedP50Ms),
          ms(entry.streamTotalP50Ms),
        ]);
      }
      const guardedCalls = calls * 2 * 2;
      figures.guardApiCpuMsPerGuardedCall = guardCpuMs / guardedCalls;
      figures.hostLoad = host;
      return {
        figures,
        header: [
          "configuration",
          "chat p50 / p95",
          "chat added p50",
          "first token p50 / p95",
          "first token added p50",
          "stream end p50",
        ],
        rows,
        notes: [
          `${calls} calls of each kind per configuration, one at a time, interleaved; ${prompt.length}-char prompt; the fake model streams three sentences (26 words), one word every ${wordGapMs} ms.`,
          "Added = p50 of the configuration minus p50 with the guard off (wall clock, so inflated when the machine is busy).",
          "With output scanning, a stream is held back until the first sentence ends (or `guard_stream_window` characters), then that window is checked: the first-token cost is that sentence's generation time plus one guard call.",
          `Guard API CPU per guarded request (user + sys, default scanners; the answer checks included): ${(guardCpuMs / guardedCalls).toFixed(1)} ms.`,
          host === null
            ? "Host load: not measured (no /proc/stat)."
            : `Host during the run: machine busy ${(100 * host.busy).toFixed(0)}%, CPU steal ${(100 * host.steal).toFixed(1)}%.`,
        ],
      };
    });
  },
};
