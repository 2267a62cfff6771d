import type { Env } from "../../common/config.js";
import type { Logger } from "../../common/logger.js";

/** The steps of a model call that get a span of their own. */
export type CallPhase = "auth" | "guard" | "provider";

/** Attributes a span may carry (OpenTelemetry's primitive values). */
export type SpanAttributes = Record<string, string | number | boolean>;

/** The trace of one model call: a server span with one child per phase. */
export interface CallSpan {
  /** Run `run` inside a child span named after the phase; its error is recorded and rethrown. */
  phase<T>(name: CallPhase, run: () => Promise<T>, attributes?: SpanAttributes): Promise<T>;
  /** Add attributes to the call's span. */
  set(attributes: SpanAttributes): void;
  /** End the call's span with the HTTP status sent. */
  end(status: number): void;
}

/** Starts a {@link CallSpan} per model call. */
export interface CallTracer {
  start(route: string, model: string, prompt: unknown): CallSpan;
  /** Send what is buffered and stop. */
  close(): Promise<void>;
}

const noopSpan: CallSpan = {
  phase: (_name, run) => run(),
  set() {},
  end() {},
};

/** No tracing: every call runs as if there were no tracer at all. */
export const noopCallTracer: CallTracer = {
  start: () => noopSpan,
  close: async () => {},
};

/**
 * The tracer for `env`: OpenTelemetry spans exported over OTLP/HTTP when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, else
 * {@link noopCallTracer}, and the OpenTelemetry SDK is not even loaded.
 */
export async function createCallTracer(env: Env, logger: Logger): Promise<CallTracer> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined || endpoint.trim() === "") return noopCallTracer;
  const { createOtelCallTracer } = await import("./otel-tracer.js");
  const tracer = createOtelCallTracer(env);
  logger.info({ endpoint }, "tracing: OpenTelemetry spans exported over OTLP/HTTP");
  return tracer;
}
