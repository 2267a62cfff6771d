import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { createScanPool, type ScanPool } from "../../src/workers/scan-pool.js";

let pool: ScanPool;
let app: FastifyInstance;

beforeAll(async () => {
  pool = createScanPool({
    scanners: [{ type: "SourceTag" }, { type: "Anonymize" }],
    outputScanners: [
      { type: "Regex", params: { patterns: ["Bearer [A-Za-z0-9-._~+/]+"], redact: true } },
      { type: "Deanonymize", params: { matching_strategy: "exact" } },
    ],
    threads: 1,
    workerFile: new URL("./support/source-worker.ts", import.meta.url),
  });
  app = await createGuardApi({ pool, logger: silentLogger });
});

afterAll(async () => {
  await app?.close();
  await pool?.destroy();
});

const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url, payload });

describe("prompt routes: source and return_vault", () => {
  it("passes source to the scanners and answers the request's own vault when asked", async () => {
    const response = await post("/analyze/prompt", {
      prompt: "Please mail jane.doe@example.com the notes.",
      source: "tool_output",
      return_vault: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sanitized_prompt).toBe(
      "[tool_output] Please mail [REDACTED_EMAIL_ADDRESS_1] the notes.",
    );
    expect(body.is_valid).toBe(false);
    expect(body.vault).toEqual([["[REDACTED_EMAIL_ADDRESS_1]", "jane.doe@example.com"]]);
  });

  it("answers without vault (LLM Guard's shape) unless return_vault, and with no source by default", async () => {
    const body = (await post("/analyze/prompt", { prompt: "Mail jane.doe@example.com" })).json();
    expect(Object.keys(body).sort()).toEqual(["is_valid", "sanitized_prompt", "scanners"]);
    expect(body.sanitized_prompt).toBe("[none] Mail [REDACTED_EMAIL_ADDRESS_1]");
    const scan = (
      await post("/scan/prompt", { prompt: "Mail jane.doe@example.com", return_vault: true })
    ).json();
    expect(scan.vault).toEqual([["[REDACTED_EMAIL_ADDRESS_1]", "jane.doe@example.com"]]);
  });

  it("keeps vaults apart: a second request does not see the first one's redactions", async () => {
    await post("/analyze/prompt", { prompt: "Mail jane.doe@example.com", return_vault: true });
    const body = (
      await post("/analyze/prompt", { prompt: "No personal data here.", return_vault: true })
    ).json();
    expect(body.vault).toEqual([]);
  });

  it("rejects an unknown source with FastAPI's wording", async () => {
    const response = await post("/analyze/prompt", { prompt: "x", source: "email" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: "Validation failed",
      details: [
        {
          type: "literal_error",
          loc: ["body", "source"],
          msg: "Input should be 'prompt', 'document' or 'tool_output'",
          input: "email",
        },
      ],
    });
  });
});

describe("output routes", () => {
  const vault = [["[REDACTED_EMAIL_ADDRESS_1]", "jane.doe@example.com"]];

  it("restores the given vault's placeholders and redacts with the output scanners", async () => {
    const response = await post("/analyze/output", {
      prompt: "Mail [REDACTED_EMAIL_ADDRESS_1]",
      output: "Sent to [REDACTED_EMAIL_ADDRESS_1] with Bearer abc.def-123",
      vault,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sanitized_output: "Sent to jane.doe@example.com with [REDACTED]",
      is_valid: false,
      scanners: { Regex: 1, Deanonymize: 0 },
    });
  });

  it("leaves placeholders alone without a vault (the guard API is stateless)", async () => {
    const body = (
      await post("/analyze/output", { prompt: "p", output: "Sent to [REDACTED_EMAIL_ADDRESS_1]." })
    ).json();
    expect(body).toEqual({
      sanitized_output: "Sent to [REDACTED_EMAIL_ADDRESS_1].",
      is_valid: true,
      scanners: { Regex: 0, Deanonymize: 0 },
    });
  });

  it("/scan/output scores every scanner on the original output; scanners_suppress skips one", async () => {
    const output = "Use Bearer abc.def-123 for the call";
    const scanned = (await post("/scan/output", { prompt: "p", output })).json();
    expect(scanned).toEqual({ is_valid: false, scanners: { Regex: 1, Deanonymize: 0 } });
    const suppressed = (
      await post("/v1/scan/output", { prompt: "p", output, scanners_suppress: ["Regex"] })
    ).json();
    expect(suppressed).toEqual({ is_valid: true, scanners: { Deanonymize: 0 } });
  });

  it("names a missing output and a malformed vault as FastAPI does", async () => {
    const missing = await post("/analyze/output", { prompt: "p" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([
      { type: "missing", loc: ["body", "output"], msg: "Field required", input: { prompt: "p" } },
    ]);
    const badVault = await post("/analyze/output", { prompt: "p", output: "o", vault: [["x"]] });
    expect(badVault.statusCode).toBe(422);
    expect(badVault.json().details[0].loc.slice(0, 3)).toEqual(["body", "vault", 0]);
  });
});
