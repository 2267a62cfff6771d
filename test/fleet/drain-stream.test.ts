// Issue 26, item 5: SIGTERM drains a gateway process. A stream opened before the signal ends
// whole with `[DONE]`; readiness is 503 at once; no new request reaches the provider while
// draining; the process exits 0 once the stream has ended.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { type FakeUpstream, sendSSE, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { chatCompletionFrames } from "../gateway/helpers/openai-upstream.js";
import { type RagguardProcess, startRagguard } from "../helpers/ragguard-process.js";

const masterKey = "sk-master-drain-0123456789";
const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(" ");
const pauseMs = 300; // 23 frames: the stream lasts about 7 s, past the 2 s delay
const shutdownDelaySeconds = 2;

let dir: string;
let upstream: FakeUpstream;
let gateway: RagguardProcess;

beforeAll(async () => {
  upstream = await startFakeUpstream((request, res) =>
    sendSSE(res, chatCompletionFrames(String(request.json().model), words), pauseMs),
  );
  dir = await mkdtemp(join(tmpdir(), "ragguard-drain-"));
  const config = join(dir, "gateway.yaml");
  await writeFile(
    config,
    stringify({
      model_list: [
        {
          model_name: "gpt-slow",
          gateway_params: {
            model: "openai/gpt-slow",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
      general_settings: {
        master_key: masterKey,
        database_url: `pglite://${join(dir, "db")}`,
        shutdown_delay: shutdownDelaySeconds,
        shutdown_timeout: 30,
      },
    }),
  );
  gateway = await startRagguard("gateway", ["--config", config], "/health/readiness", {
    timeoutMs: 240_000,
  });
}, 300_000);

afterAll(async () => {
  await gateway?.stop(1_000);
  await upstream?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** POST a streaming chat on a connection of its own; resolves at the first bytes with the rest. */
function openStream(
  url: string,
): Promise<{ status: number; rest: Promise<string>; ended: () => boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/v1/chat/completions`,
      {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      },
      (res) => {
        res.setEncoding("utf8");
        let text = "";
        let first = true;
        let ended = false;
        const rest = new Promise<string>((done, fail) => {
          res.on("end", () => {
            ended = true;
            done(text);
          });
          res.on("error", fail);
          res.on("aborted", () => fail(new Error(`stream cut after: ${text}`)));
        });
        res.on("data", (chunk: string) => {
          text += chunk;
          if (first) {
            first = false;
            resolve({ status: res.statusCode ?? 0, rest, ended: () => ended });
          }
        });
      },
    );
    req.on("error", reject);
    req.end(
      JSON.stringify({
        model: "gpt-slow",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
    );
  });
}

/** GET on a new connection; the status, or the connection error's code (ECONNREFUSED…). */
function getOnNewConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** The chat text carried by OpenAI stream frames. */
function streamedText(body: string): string {
  return body
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: {"))
    .map(
      (frame) => JSON.parse(frame.slice(6)) as { choices: Array<{ delta?: { content?: string } }> },
    )
    .map((chunk) => chunk.choices[0]?.delta?.content ?? "")
    .join("");
}

describe("gateway SIGTERM drain", () => {
  it("finishes an open stream, turns unready at once, accepts nothing new and exits 0", async () => {
    const exited = new Promise<number | null>((resolve) => gateway.child.once("exit", resolve));
    const stream = await openStream(gateway.url);
    expect(stream.status).toBe(200);
    const signalledAt = Date.now();
    gateway.child.kill("SIGTERM");

    // Readiness turns 503 within moments, while the listener still answers (shutdown_delay).
    let readiness: number | string = 200;
    while (readiness === 200 && Date.now() - signalledAt < 1_500) {
      readiness = await getOnNewConnection(`${gateway.url}/health/readiness`);
    }
    expect(readiness).toBe(503);

    // Once the delay is over the listener is closed: a new connection is refused, so a new
    // request cannot start (and nothing new reaches the provider).
    const requestsBefore = upstream.requests.length;
    await new Promise((resolve) =>
      setTimeout(resolve, shutdownDelaySeconds * 1_000 + 500 - (Date.now() - signalledAt)),
    );
    expect(await getOnNewConnection(`${gateway.url}/health/liveliness`)).toBe("ECONNREFUSED");
    expect(stream.ended()).toBe(false);

    // The stream opened before SIGTERM ends whole.
    const body = await stream.rest;
    expect(body.trimEnd().endsWith("data: [DONE]")).toBe(true);
    expect(streamedText(body)).toBe(words);
    expect(upstream.requests.length).toBe(requestsBefore);

    // And the process exits 0 once it has, not at the drain timeout.
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    expect(gateway.stderr()).toContain("drained: no request in flight");
  }, 120_000);
});
