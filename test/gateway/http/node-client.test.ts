import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deployment } from "../../../src/gateway/config/resolve.js";
import { createNodeHttpClient } from "../../../src/gateway/http/index.js";
import { AttemptAbort } from "../../../src/gateway/router/attempt-abort.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";

describe("node http client (the gateway's default upstream client)", () => {
  let upstream: FakeUpstream;
  const ports: number[] = [];
  const client = createNodeHttpClient();

  beforeAll(async () => {
    upstream = await startFakeUpstream((request, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          echo: request.body.toString("utf8"),
          type: request.headers["content-type"],
        }),
      );
    });
  });
  afterAll(async () => {
    client.close();
    await upstream.close();
  });

  it("sends the body with its length and reads the answer as text", async () => {
    const response = await client.request(`${upstream.url}/v1/chat?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k" },
      body: '{"a":"é"}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(JSON.parse(await response.text())).toEqual({
      echo: '{"a":"é"}',
      type: "application/json",
    });
    const sent = upstream.requests.at(-1);
    expect(sent?.url).toBe("/v1/chat?x=1");
    expect(sent?.headers["content-length"]).toBe(String(Buffer.byteLength('{"a":"é"}')));
    expect(sent?.headers.authorization).toBe("Bearer k");
  });

  it("reuses one kept-alive connection for calls in sequence", async () => {
    upstream.handle((_request, res) => {
      ports.push(res.socket?.remotePort ?? -1);
      res.end("{}");
    });
    for (let i = 0; i < 3; i++) {
      const response = await client.request(`${upstream.url}/v1/x`, {
        method: "POST",
        headers: {},
        body: "{}",
      });
      await response.text();
    }
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });

  it("encodes a FormData body as multipart with its boundary", async () => {
    upstream.handle((request, res) => {
      res.end(
        JSON.stringify({ type: request.headers["content-type"], body: request.body.toString() }),
      );
    });
    const form = new FormData();
    form.append("model", "whisper-1");
    const response = await client.request(`${upstream.url}/v1/audio`, {
      method: "POST",
      headers: {},
      body: form,
    });
    const answer = JSON.parse(await response.text()) as { type: string; body: string };
    expect(answer.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('name="model"');
    expect(answer.body).toContain("whisper-1");
  });

  it("aborting the signal mid-body closes the upstream connection and fails the read", async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: {}\n\n");
    });
    const controller = new AbortController();
    const response = await client.request(`${upstream.url}/v1/stream`, {
      method: "POST",
      headers: {},
      body: "{}",
      signal: controller.signal,
    });
    const aborted = upstream.nextAbort();
    const reading = (async () => {
      for await (const _chunk of response.chunks()) controller.abort(new Error("client gone"));
    })();
    await expect(reading).rejects.toThrow();
    await expect(aborted).resolves.toMatchObject({ url: "/v1/stream" });
  });

  it("rejects at once when the signal is already aborted, and when nothing listens", async () => {
    const controller = new AbortController();
    controller.abort(new Error("gone before"));
    await expect(
      client.request(`${upstream.url}/v1/x`, {
        method: "POST",
        headers: {},
        signal: controller.signal,
      }),
    ).rejects.toThrow("gone before");
    await expect(
      client.request("http://127.0.0.1:1/v1/x", { method: "POST", headers: {} }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  describe("with an attempt's abort handle instead of an AbortSignal", () => {
    const attemptAbort = (timeoutMs = 60_000) =>
      new AttemptAbort({ provider: "openai", timeoutMs } as Deployment);

    it("aborting mid-body closes the upstream connection and fails the read", async () => {
      upstream.handle((_request, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: {}\n\n");
      });
      const abort = attemptAbort();
      const response = await client.request(`${upstream.url}/v1/stream`, {
        method: "POST",
        headers: {},
        body: "{}",
        signal: abort,
      });
      const aborted = upstream.nextAbort();
      const reading = (async () => {
        for await (const _chunk of response.chunks()) abort.abort(new Error("client gone"));
      })();
      await expect(reading).rejects.toThrow();
      await expect(aborted).resolves.toMatchObject({ url: "/v1/stream" });
    });

    it("the attempt's timeout, while it waits for the answer, destroys the request with the 504", async () => {
      let received: () => void = () => {};
      const arrived = new Promise<void>((resolve) => {
        received = resolve;
      });
      // Never answers. The fake upstream watches the response's close before calling this.
      upstream.handle(() => received());
      const aborted = upstream.nextAbort();
      const abort = attemptAbort();
      const call = client.request(`${upstream.url}/v1/slow`, {
        method: "POST",
        headers: {},
        body: "{}",
        signal: abort,
      });
      await arrived;
      // What the shared deadline list calls when the timeout passes (its timer is tested apart).
      abort.expire();
      await expect(call).rejects.toMatchObject({ status: 504, message: /no answer within/ });
      expect(abort.timedOut).toBe(true);
      await expect(aborted).resolves.toMatchObject({ url: "/v1/slow" });
    });

    it("rejects at once when already aborted, and stops watching once the body is read", async () => {
      const gone = attemptAbort();
      gone.abort(new Error("gone before"));
      await expect(
        client.request(`${upstream.url}/v1/x`, { method: "POST", headers: {}, signal: gone }),
      ).rejects.toThrow("gone before");

      upstream.handle((_request, res) => {
        res.end("{}");
      });
      const abort = attemptAbort();
      const listening: Array<() => void> = [];
      const onAbort = abort.onAbort.bind(abort);
      abort.onAbort = (listener) => {
        listening.push(listener);
        onAbort(listener);
      };
      const offAbort = abort.offAbort.bind(abort);
      const released: Array<() => void> = [];
      abort.offAbort = (listener) => {
        released.push(listener);
        offAbort(listener);
      };
      const response = await client.request(`${upstream.url}/v1/x`, {
        method: "POST",
        headers: {},
        signal: abort,
      });
      expect(await response.text()).toBe("{}");
      // Released when the answer's socket is done with it (its "close"), just after the read.
      while (released.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(listening).toHaveLength(1);
      expect(released).toEqual(listening);
      abort.clearDeadline();
    });
  });
});
