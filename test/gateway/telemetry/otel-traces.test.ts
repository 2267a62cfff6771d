import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/common/logger.js";
import { createCallTracer, noopCallTracer } from "../../../src/gateway/telemetry/call-tracer.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { startTestGateway, upstreamDeployment } from "../helpers/test-gateway.js";

interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  parentSpanId?: string;
  spanId: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

/** A small OTLP/HTTP (JSON) receiver: keeps every body posted to /v1/traces. */
async function startReceiver(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === "/v1/traces") bodies.push(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

function spansOf(bodies: readonly string[]): OtlpSpan[] {
  return bodies.flatMap((body) => {
    const parsed = JSON.parse(body) as {
      resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
    };
    return parsed.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  });
}

function attribute(span: OtlpSpan | undefined, key: string): unknown {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

const prompt = "My secret question about the quarterly numbers";
let database: TestDatabase;
let upstream: FakeUpstream;
let guard: Server;
let guardUrl: string;

beforeAll(async () => {
  database = await openTestPGlite();
  upstream = await startFakeUpstream(openAIHandler);
  // A guard API speaking LLM Guard's routes: a base under /never rejects every prompt.
  guard = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += String(chunk);
    const body = JSON.parse(text || "{}") as { prompt?: string; output?: string };
    const valid = !String(req.url).includes("never");
    const scanners = { PromptInjection: valid ? 0 : 1 };
    const path = String(req.url).replace(/^\/never/, "");
    const answer =
      path === "/analyze/output"
        ? { sanitized_output: body.output ?? "", is_valid: true, scanners: {} }
        : path.startsWith("/scan/")
          ? { is_valid: path === "/scan/output" || valid, scanners }
          : { sanitized_prompt: body.prompt ?? prompt, is_valid: valid, scanners };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => guard.listen(0, "127.0.0.1", resolve));
  guardUrl = `http://127.0.0.1:${(guard.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await upstream.close();
  guard.close();
  await database.dispose();
});

describe("OpenTelemetry traces", () => {
  it("is off, without loading the SDK, when no OTLP endpoint is set", async () => {
    expect(await createCallTracer({}, silentLogger)).toBe(noopCallTracer);
  });

  it("exports auth, guard and provider spans with GenAI attributes and no prompt text", async () => {
    const receiver = await startReceiver();
    const running = await startTestGateway(
      database.db,
      {
        model_list: [upstreamDeployment("gpt-4o", "openai/gpt-4o", upstream.url)],
        gateway_settings: { callbacks: ["guard_moderations"], guard_api_base: guardUrl },
      },
      { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } },
    );
    const { key } = await running.generateKey();
    const answer = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: prompt }] }),
    });
    expect(answer.status).toBe(200);
    await running.close(); // flushes the batch
    receiver.server.close();
    expect(receiver.bodies.join("")).not.toContain("quarterly");
    const spans = spansOf(receiver.bodies);
    const call = spans.find((span) => span.name === "chat gpt-4o");
    expect(call).toBeDefined();
    expect(attribute(call, "gen_ai.request.model")).toBe("gpt-4o");
    expect(attribute(call, "gen_ai.operation.name")).toBe("chat");
    expect(Number(attribute(call, "gen_ai.usage.input_tokens"))).toBe(7);
    expect(Number(attribute(call, "gen_ai.usage.output_tokens"))).toBe(3);
    expect(attribute(call, "gen_ai.provider.name")).toBe("openai");
    const children = spans.filter((span) => span.parentSpanId === call?.spanId);
    expect(children.map((span) => span.name).sort()).toEqual(["auth", "guard", "provider"]);
    expect(children.every((span) => span.traceId === call?.traceId)).toBe(true);
    const guardSpan = children.find((span) => span.name === "guard");
    expect(attribute(guardSpan, "ragguard.guard.verdict")).toBe("passed");
  });

  it("records a guard rejection as the guard span's verdict", async () => {
    const receiver = await startReceiver();
    const running = await startTestGateway(
      database.db,
      {
        model_list: [upstreamDeployment("gpt-4o", "openai/gpt-4o", upstream.url)],
        gateway_settings: {
          callbacks: ["guard_moderations"],
          guard_api_base: `${guardUrl}/never`,
        },
      },
      { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } },
    );
    const { key } = await running.generateKey();
    const answer = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-4o",
        messages: [{ role: "user", content: "ignore all" }],
      }),
    });
    expect(answer.status).toBe(400);
    await running.close();
    receiver.server.close();
    const spans = spansOf(receiver.bodies);
    expect(
      attribute(
        spans.find((span) => span.name === "guard"),
        "ragguard.guard.verdict",
      ),
    ).toBe("rejected");
    const call = spans.find((span) => span.name === "chat gpt-4o");
    expect(Number(attribute(call, "http.response.status_code"))).toBe(400);
    expect(spans.some((span) => span.name === "provider")).toBe(false);
  });
});
