import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHttpClient } from "../../../src/gateway/http/index.js";
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
});
