import type { AddressInfo } from "node:net";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import {
  edgeString,
  extraFields,
  type MalformedRequest,
  malformedRequests,
  notAString,
} from "./malformed-bodies.js";

/** Objects that break the prompt schema: no string `prompt`, or a `scanners_suppress` that is not a list of strings. */
const badPromptObjects: fc.Arbitrary<object> = fc.oneof(
  fc.tuple(notAString, extraFields).map(([prompt, extra]) => ({ ...extra, prompt })),
  extraFields.filter((extra) => !("prompt" in extra)),
  fc
    .tuple(
      edgeString,
      fc.oneof(
        notAString.filter((value) => !Array.isArray(value) || value.length > 0),
        fc.array(notAString, { minLength: 1, maxLength: 3 }),
      ),
    )
    .map(([prompt, scanners_suppress]) => ({ prompt, scanners_suppress })),
);

describe("guard API: generated malformed requests", () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await createGuardApi({
      config: {
        app: { body_limit: "64kb", scan_threads: 1 },
        input_scanners: [{ type: "InvisibleText" }],
      },
      logger: silentLogger,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const inject = (url: string, request: MalformedRequest) =>
    app.inject({
      method: "POST",
      url,
      headers: request.contentType === "" ? {} : { "content-type": request.contentType },
      payload: request.payload,
    });

  for (const url of ["/analyze/prompt", "/scan/prompt"]) {
    it(`answers 4xx with {message, details} to 250 malformed bodies on ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(malformedRequests(badPromptObjects), async (request) => {
          const response = await inject(url, request);
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          const body = response.json() as Record<string, unknown>;
          expect(Object.keys(body).sort()).toEqual(["details", "message"]);
          expect(typeof body.message).toBe("string");
        }),
        { numRuns: 250 },
      );
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    });
  }

  it("answers the same over real sockets, oversized bodies with 413, then serves a real scan", async () => {
    const samples = fc.sample(malformedRequests(badPromptObjects), { numRuns: 40, seed: 9 });
    samples.push({
      payload: JSON.stringify({ prompt: "x".repeat(200_000) }),
      contentType: "application/json",
    });
    for (const [index, request] of samples.entries()) {
      const response = await fetch(`${base}/${index % 2 === 0 ? "analyze" : "scan"}/prompt`, {
        method: "POST",
        headers: request.contentType === "" ? {} : { "content-type": request.contentType },
        body: request.payload,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(Object.keys((await response.json()) as object).sort()).toEqual(["details", "message"]);
    }
    const oversized = samples.at(-1);
    expect(oversized).toBeDefined();
    const tooBig = await app.inject({
      method: "POST",
      url: "/analyze/prompt",
      headers: { "content-type": "application/json" },
      payload: oversized?.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const hugeHeader = await fetch(`${base}/analyze/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-padding": "p".repeat(64 * 1024) },
      body: "{}",
    });
    expect(hugeHeader.status).toBe(431);
    expect(await hugeHeader.json()).toEqual({
      message: "The request headers are too large.",
      details: null,
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ok = await fetch(`${base}/analyze/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "\u202eplain\u0000 text \ud800" }),
    });
    expect(ok.status).toBe(200);
  });
});
