import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, silentLogger } from "../../src/common/logger.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { createScanPool, type ScanPool } from "../../src/workers/scan-pool.js";

let pool: ScanPool;
let app: FastifyInstance;

beforeAll(async () => {
  pool = createScanPool({
    scanners: [{ type: "InvisibleText" }, { type: "Secrets" }, { type: "Anonymize" }],
    threads: 1,
  });
  app = await createGuardApi({
    config: { app: { body_limit: "64kb" } },
    pool,
    logger: silentLogger,
  });
});

afterAll(async () => {
  await app?.close();
  await pool?.destroy();
});

describe("createGuardApi, in process", () => {
  it("never answers 5xx to anything a client can send", async () => {
    const paths = ["/analyze/prompt", "/scan/prompt", "/v1/analyze/prompt", "/nowhere"];
    const contentTypes = [
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom(...contentTypes),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.record({ prompt: fc.string({ unit: "binary" }) }),
          fc.record({ prompt: fc.anything(), scanners_suppress: fc.anything() }),
        ),
        async (url, contentType, payload) => {
          const response = await app.inject({
            method: "POST",
            url,
            headers: contentType === "" ? {} : { "content-type": contentType },
            payload: typeof payload === "string" ? payload : JSON.stringify(payload),
          });
          expect(response.statusCode).toBeLessThan(500);
          const body = response.json() as Record<string, unknown>;
          if (response.statusCode >= 400)
            expect(Object.keys(body).sort()).toEqual(["details", "message"]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps a prompt that needs no change byte for byte, unicode included", async () => {
    const prompt = "Grüße, 你好 👋 — résumé\nsecond line";
    const response = await app.inject({
      method: "POST",
      url: "/analyze/prompt",
      payload: { prompt },
    });
    expect(response.json()).toMatchObject({ sanitized_prompt: prompt, is_valid: true });
  });

  it("returns an empty scanners map for an empty prompt, like LLM Guard", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/analyze/prompt",
      payload: { prompt: "" },
    });
    expect(response.json()).toEqual({ sanitized_prompt: "", is_valid: true, scanners: {} });
  });
});

describe("guard API logs", () => {
  async function logLines(level: "info" | "debug"): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    const logger = createLogger({
      level,
      format: "json",
      destination: { write: (line: string) => lines.push(line) },
    });
    const logged = await createGuardApi({ pool, logger });
    await logged.inject({
      method: "POST",
      url: "/analyze/prompt",
      payload: { prompt: "the secret plan" },
    });
    await logged.close();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("writes JSON lines with the scores and never the prompt text at info", async () => {
    const lines = await logLines("info");
    const scanned = lines.find((line) => line.msg === "Scanned prompt");
    expect(scanned).toMatchObject({ level: 30, is_valid: true, scores: { InvisibleText: 0 } });
    expect(lines.map((line) => JSON.stringify(line)).join("\n")).not.toContain("the secret plan");
  });

  it("logs the prompt text only at debug", async () => {
    const lines = await logLines("debug");
    expect(lines.find((line) => line.msg === "Received prompt")).toMatchObject({
      level: 20,
      prompt: "the secret plan",
    });
  });
});
