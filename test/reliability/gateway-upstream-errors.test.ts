import { request as httpRequest } from "node:http";
import type { Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import {
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from "../gateway/helpers/fake-upstream.js";
import { chatCompletionFrames } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
  upstreamDeployment,
} from "../gateway/helpers/test-gateway.js";

const hi = [{ role: "user", content: "hi" }];

/** Longest a call may take here before the client gives up (the gateway's timeout is 1 s). */
const patienceMs = 8_000;

/**
 * POST a chat call over a fresh connection (no keep-alive, so open connections can be counted):
 * the whole answer as text and its status; status -1 when it had not ended after
 * {@link patienceMs} (the client then hangs up).
 */
function chat(
  url: string,
  model: string,
  stream = false,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(
      `${url}/v1/chat/completions`,
      {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          clearTimeout(patience);
          resolve({ status: response.statusCode ?? 0, text });
        });
      },
    );
    const patience = setTimeout(() => {
      request.destroy();
      resolve({ status: -1, text: `(no end after ${patienceMs} ms)` });
    }, patienceMs);
    request.on("error", () => {});
    request.end(JSON.stringify({ model, messages: hi, stream }));
  });
}

/** Open connections of a server, waiting up to a second for closing ones to go. */
async function openConnections(server: Server): Promise<number> {
  let open = -1;
  for (let i = 0; i < 50 && open !== 0; i += 1) {
    open = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return open;
}

describe("gateway: upstream 500, timeout and a stream that stalls, with retries spent", () => {
  let db: TestDatabase;
  let failing: FakeUpstream;
  let silent: FakeUpstream;
  let stalling: FakeUpstream;
  let running: RunningGateway;
  const pending = new Set<() => void>();

  beforeAll(async () => {
    db = await openTestPGlite();
    failing = await startFakeUpstream((_request, res) =>
      sendJson(res, 500, { error: { message: "the model crashed", type: "server_error" } }),
    );
    // Never answers; the request stays open until the gateway gives up on it.
    silent = await startFakeUpstream(
      (_request, res) =>
        new Promise<void>((resolve) => {
          pending.add(resolve);
          res.on("close", resolve);
        }),
    );
    // Two events of a stream, then nothing more (the connection stays open).
    stalling = await startFakeUpstream((request, res) => {
      const frames = chatCompletionFrames("stall-model", "partial answer that stalls");
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(frames.slice(0, 2).join(""));
      return new Promise<void>((resolve) => {
        pending.add(resolve);
        res.on("close", resolve);
        void request;
      });
    });
    const deployment = (name: string, upstream: FakeUpstream) =>
      upstreamDeployment(name, `openai/${name}-model`, upstream.url);
    running = await startTestGateway(db.db, {
      model_list: [
        deployment("failing", failing),
        deployment("silent", silent),
        deployment("stalling", stalling),
      ],
      router_settings: { num_retries: 1, timeout: 1 },
    });
  });
  afterAll(async () => {
    await running?.close();
    for (const resolve of pending) resolve();
    await Promise.all([failing, silent, stalling].map((upstream) => upstream?.close()));
    await db?.dispose();
  });

  it("answers an upstream 500 with a clean 5xx in the OpenAI shape after num_retries + 1 attempts, streaming or not", async () => {
    for (const stream of [false, true]) {
      const before = failing.requests.length;
      const answer = await chat(running.url, "failing", stream);
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { message: expect.any(String), type: expect.any(String) },
      });
      expect(failing.requests.length - before).toBe(2);
    }
  });

  it("answers an upstream that never answers with a clean timeout error after every attempt, streaming or not", async () => {
    for (const stream of [false, true]) {
      const before = silent.requests.length;
      const aborted = [silent.nextAbort()];
      const answer = await chat(running.url, "silent", stream);
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(408);
      expect(answer.status).not.toBe(500);
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { message: expect.any(String), type: expect.any(String) },
      });
      // timeout 1 s, num_retries 1: two attempts, then the answer; not a hang.
      expect(silent.requests.length - before).toBe(2);
      // The gateway closed its requests to the provider instead of leaving them open.
      await Promise.all(aborted);
    }
  });

  it("ends a stream that stalls mid-way with an error event instead of hanging", async () => {
    const answer = await chat(running.url, "stalling", true);
    expect(answer.status, answer.text).toBe(200);
    const events = answer.text.split("\n\n").filter((frame) => frame.startsWith("data: "));
    expect(events.some((frame) => frame.includes("partial"))).toBe(true);
    expect(answer.text).not.toContain("data: [DONE]");
    const last = JSON.parse((events.at(-1) ?? "").slice("data: ".length)) as {
      error?: { message?: string };
    };
    expect(typeof last.error?.message).toBe("string");
  });

  it("leaves no connection open on the gateway after all of that", async () => {
    expect(await openConnections(running.gateway.app.server)).toBe(0);
  });
});
