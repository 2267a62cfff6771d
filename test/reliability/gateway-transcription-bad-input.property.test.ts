import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
  upstreamDeployment,
} from "../gateway/helpers/test-gateway.js";
import { edgeString } from "./malformed-bodies.js";

const boundary = "rgboundary";

/** One multipart part: a text field, or a file field when `filename` is set. */
interface Part {
  name: string;
  value: string;
  filename?: string;
}

function multipart(parts: readonly Part[]): string {
  const body = parts.map((part) => {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? "" : "\r\nContent-Type: audio/wav";
    return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n${part.value}\r\n`;
  });
  return `${body.join("")}--${boundary}--\r\n`;
}

const file: Part = { name: "file", value: "RIFF....WAVE", filename: "a.wav" };
const unknownModel = edgeString.filter((name) => name !== "whisper" && name.trim() !== "");

/** Forms and bodies that cannot make a transcription call, each with its content type. */
const badForms: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  // Not multipart at all, or not the boundary it claims.
  fc
    .tuple(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.constantFrom(
        `multipart/form-data; boundary=${boundary}`,
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=other",
      ),
    )
    .map(([payload, contentType]) => ({ payload, contentType })),
  // A form without its model, without its file, with the file as text, or an unknown model.
  fc
    .oneof(
      fc.constant([file]),
      fc.constant([{ name: "model", value: "whisper" }]),
      fc.constant([
        { name: "model", value: "whisper" },
        { name: "file", value: "not a file" },
      ]),
      fc.constant([{ name: "model", value: "" }, file]),
      unknownModel.map((model) => [{ name: "model", value: model.slice(0, 5_000) }, file]),
    )
    .map((parts) => ({
      payload: multipart(parts),
      contentType: `multipart/form-data; boundary=${boundary}`,
    })),
  // A whole form cut short.
  fc.integer({ min: 1, max: 120 }).map((cut) => ({
    payload: multipart([{ name: "model", value: "whisper" }, file]).slice(0, cut),
    contentType: `multipart/form-data; boundary=${boundary}`,
  })),
);

describe("gateway: generated malformed transcription forms", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(db.db, {
      model_list: [upstreamDeployment("whisper", "openai/whisper-1", upstream.url)],
    });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it("answers 4xx in the OpenAI error shape to 200 malformed forms on /v1/audio/transcriptions", async () => {
    await fc.assert(
      fc.asyncProperty(badForms, async ({ payload, contentType }) => {
        const response = await running.gateway.app.inject({
          method: "POST",
          url: "/v1/audio/transcriptions",
          headers: { authorization: `Bearer ${masterKey}`, "content-type": contentType },
          payload,
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const body = response.json() as { error: { message?: unknown; type?: unknown } };
        expect(Object.keys(body)).toEqual(["error"]);
        expect(typeof body.error.message).toBe("string");
      }),
      { numRuns: 200 },
    );
    // Nothing malformed reached the provider, and a real form still goes through.
    expect(upstream.requests).toHaveLength(0);
    const ok = await running.gateway.app.inject({
      method: "POST",
      url: "/v1/audio/transcriptions",
      headers: {
        authorization: `Bearer ${masterKey}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: multipart([{ name: "model", value: "whisper" }, file]),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });
});
