import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { loadGuardApiConfig } from "../../src/guard-api/config.js";
import { captureLogger } from "../helpers/capture-logger.js";

const fixture = new URL("./fixtures/llm-guard-scanners.yml", import.meta.url).pathname;
const env = { AUTH_TOKEN: "llm-guard-token" };
const auth = { authorization: "Bearer llm-guard-token" };
const log = captureLogger();
let app: FastifyInstance;

const inputNames = [
  "Anonymize",
  "BanCode",
  "BanCompetitors",
  "BanSubstrings",
  "BanTopics",
  "Gibberish",
  "InvisibleText",
  "Language",
  "PromptInjection",
  "Regex",
  "Secrets",
  "Sentiment",
  "TokenLimit",
  "Toxicity",
  "EmotionDetection",
];
const outputNames = [
  "BanCode",
  "BanCompetitors",
  "BanSubstrings",
  "BanTopics",
  "Bias",
  "Deanonymize",
  "FactualConsistency",
  "Gibberish",
  "Language",
  "LanguageSame",
  "MaliciousURLs",
  "NoRefusal",
  "ReadingTime",
  "Regex",
  "Relevance",
  "Sensitive",
  "Sentiment",
  "Toxicity",
  "EmotionDetection",
  "URLReachability",
];

beforeAll(async () => {
  const config = await loadGuardApiConfig(fixture, env);
  app = await createGuardApi({ config, source: fixture, logger: log.logger });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe("LLM Guard's own default scanners.yml, unmodified", () => {
  it("starts ready at once (its lazy_load: true) and reports the model-only params once", async () => {
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({
      status: "ready",
    });
    const notes = log.lines.filter((line) =>
      /Transformer-only scanner params/.test(line.msg ?? ""),
    );
    expect(notes).toHaveLength(1);
    expect(JSON.stringify(notes[0])).toContain("model_max_length");
    expect(log.lines.some((line) => /Config keys ignored/.test(line.msg ?? ""))).toBe(true);
  });

  // Its Sentiment threshold is 0.0: as in LLM Guard, a neutral text (compound 0) is invalid.
  const analyzeEverydayPrompt = () =>
    app.inject({
      method: "POST",
      url: "/analyze/prompt",
      headers: auth,
      payload: {
        prompt: "Thanks! Could you summarise the attached quarterly report for the board?",
      },
    });

  it("answers /analyze/prompt with a score for every input scanner it lists", async () => {
    const response = await analyzeEverydayPrompt();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.scanners).sort()).toEqual([...inputNames].sort());
    for (const score of Object.values(body.scanners)) expect(typeof score).toBe("number");
    // LLM Guard's file sets PromptInjection's threshold to 0.92, chosen for its DeBERTa model;
    // the built-in scores are calibrated so that 0.92 is the shipped operating point.
    expect(body.is_valid).toBe(true);
  }, 60_000);

  it("answers /analyze/output with a score for every output scanner it lists", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/analyze/output",
      headers: auth,
      payload: {
        prompt: "Summarise the quarterly report: revenue grew from 3.1 to 3.5 million euros.",
        output: "Good news: the quarterly report says revenue grew from 3.1 to 3.5 million euros.",
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.scanners).sort()).toEqual([...outputNames].sort());
    expect(body.is_valid).toBe(true);
    expect(body.sanitized_output).toBe(
      "Good news: the quarterly report says revenue grew from 3.1 to 3.5 million euros.",
    );
  }, 60_000);

  it("flags what its scanners are there for: a banned word and a competitor", async () => {
    const body = (
      await app.inject({
        method: "POST",
        url: "/scan/prompt",
        headers: auth,
        payload: { prompt: "This is a test: compare us with Facebook's ad platform." },
      })
    ).json();
    expect(body.is_valid).toBe(false);
    expect(body.scanners.BanSubstrings).toBe(1);
    expect(body.scanners.BanCompetitors).toBe(1);
  }, 60_000);

  it("answers 403 without its AUTH_TOKEN and 401 with a wrong one", async () => {
    const payload = { prompt: "hi" };
    const missing = await app.inject({ method: "POST", url: "/analyze/prompt", payload });
    expect(missing.statusCode).toBe(403);
    const wrong = await app.inject({
      method: "POST",
      url: "/analyze/prompt",
      headers: { authorization: "Bearer nope" },
      payload,
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe("LLM Guard configs that cannot work", () => {
  it("names an unknown scanner type and the file", async () => {
    const file = join(tmpdir(), `ragguard-unknown-${process.pid}.yml`);
    await writeFile(file, "input_scanners:\n  - type: Sentimental\n    params: {}\n");
    const error = await loadGuardApiConfig(file, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain('unknown scanner type "Sentimental"');
    await writeFile(file, "output_scanners:\n  - type: Anonymize\n");
    const output = await loadGuardApiConfig(file, {}).catch((e: unknown) => e);
    expect((output as Error).message).toContain('unknown output scanner type "Anonymize"');
  });
});
