import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { Env } from "../../common/config.js";
import type { CallPhase, CallSpan, CallTracer, SpanAttributes } from "./call-tracer.js";

/** GenAI semantic conventions' operation name per gateway route kind. */
const operations: Record<string, string> = {
  chat: "chat",
  completion: "text_completion",
  embedding: "embeddings",
  messages: "chat",
};

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "error";
}

/** What the guard phase says about the prompt, from how it ended. */
function guardVerdict(error: unknown): string {
  if (error === undefined) return "passed";
  const code = errorCode(error);
  if (code === "content_policy_violation") return "rejected";
  if (code === "guard_unavailable") return "unavailable";
  return code;
}

/** A child of `parent`, linked explicitly (no context manager is installed). */
function childSpan(tracer: Tracer, parent: Span, name: string, kind: SpanKind): Span {
  return tracer.startSpan(name, { kind }, trace.setSpan(ROOT_CONTEXT, parent));
}

/** Where spans go: the traces endpoint as given, else `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. */
function tracesUrl(env: Env): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (traces !== undefined && traces.trim() !== "") return traces;
  return `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "").replace(/\/+$/, "")}/v1/traces`;
}

/** Create the OpenTelemetry {@link CallTracer}, sending OTLP/HTTP (JSON) to `env`'s endpoint. */
export function createOtelCallTracer(env: Env): CallTracer {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": env.OTEL_SERVICE_NAME ?? "ragguard-gateway",
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl(env) }) }),
    ],
  });
  const tracer = provider.getTracer("ragguard-gateway");
  const capturePrompt = env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === "true";
  return {
    start(route, model, prompt): CallSpan {
      const operation = operations[route] ?? route;
      const root = tracer.startSpan(`${operation} ${model}`, {
        kind: SpanKind.SERVER,
        attributes: {
          "gen_ai.operation.name": operation,
          "gen_ai.request.model": model,
          ...(capturePrompt ? { "gen_ai.input.messages": JSON.stringify(prompt) } : {}),
        },
      });
      return {
        async phase<T>(name: CallPhase, run: () => Promise<T>, attributes: SpanAttributes = {}) {
          const kind = name === "provider" ? SpanKind.CLIENT : SpanKind.INTERNAL;
          const span = childSpan(tracer, root, name, kind);
          span.setAttributes(attributes);
          try {
            const result = await run();
            if (name === "guard")
              span.setAttribute("ragguard.guard.verdict", guardVerdict(undefined));
            return result;
          } catch (error) {
            if (name === "guard") span.setAttribute("ragguard.guard.verdict", guardVerdict(error));
            span.setStatus({ code: SpanStatusCode.ERROR, message: errorCode(error) });
            throw error;
          } finally {
            span.end();
          }
        },
        set: (attributes) => root.setAttributes(attributes),
        end(status) {
          root.setAttribute("http.response.status_code", status);
          if (status >= 500) root.setStatus({ code: SpanStatusCode.ERROR });
          root.end();
        },
      };
    },
    async close() {
      await provider.shutdown();
    },
  };
}
