import type { FastifyReply, FastifyRequest } from "fastify";
import { toAppError } from "../../common/errors.js";
import { assertModelAllowed, mayCallModel } from "../auth/authenticate.js";
import type { Deployment } from "../config/resolve.js";
import type { CallTicket } from "../fleet/call-accounting.js";
import {
  afterHeaders,
  applyAfterBody,
  applyAfterEvents,
  type ProviderCallContext,
  runBeforeProviderCall,
} from "../hooks.js";
import type { JsonObject, RouteKind } from "../providers/types.js";
import type { Attempt } from "../router/router.js";
import { clientSignal } from "./client-connection.js";
import type { GatewayDeps } from "./deps.js";
import { countTokens } from "./metrics.js";
import { sendStream, type WireFormat } from "./send-stream.js";

/** One model request, as a route describes it to {@link runModelCall}. */
export interface ModelCall {
  readonly route: RouteKind;
  readonly format: WireFormat;
  readonly model: string;
  /** The parsed body the hooks see (and may change). */
  readonly body: JsonObject;
  /** Build the upstream attempt from the body as the hooks left it. */
  attempt(body: JsonObject): Attempt;
}

const jsonType = "application/json; charset=utf-8";

/**
 * The shared path of every model route: authenticate, check the model, run the pre-call hooks,
 * route to a deployment, answer in JSON or SSE, and count it all.
 */
export async function runModelCall(
  deps: GatewayDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  call: ModelCall,
): Promise<void> {
  const started = performance.now();
  // Only configured names become label values, so clients cannot grow the metric series.
  const known = deps.router.hasModel(call.model);
  const model = known ? call.model : "(unknown)";
  const done = (status: number) => {
    deps.metrics.observeRequest(call.route, model, status, (performance.now() - started) / 1000);
  };
  const client = clientSignal(reply.raw);
  let ticket: CallTicket | undefined;
  let deployment: Deployment | undefined;
  let status = 500;
  const span = deps.tracer.start(call.route, call.model, call.body);
  try {
    const caller = await span.phase("auth", () => deps.auth.caller(request.headers));
    deps.router.deploymentsOf(call.model);
    assertModelAllowed(caller, call.model);
    // Budget and limits (fleet/): 400 budget_exceeded, 429 with x-ratelimit-* headers.
    ticket = await deps.accounting.begin(caller);
    for (const [name, value] of Object.entries(ticket.headers)) reply.raw.setHeader(name, value);
    const ctx: ProviderCallContext = {
      route: call.route,
      model: call.model,
      body: call.body,
      caller,
      headers: request.headers,
      settings: deps.config.settings,
      logger: deps.logger,
      signal: client,
    };
    deps.logger.debug({ route: call.route, model: call.model, body: call.body }, "model request");
    const after =
      deps.hooks.length > 0
        ? await span.phase("guard", () => runBeforeProviderCall(deps.hooks, ctx))
        : [];
    const routed = await span.phase("provider", () =>
      // A fallback the key may not call is skipped (docs/gateway.md, "Routing").
      deps.router.route(call.model, client, call.attempt(ctx.body), (name) =>
        mayCallModel(caller, name),
      ),
    );
    const { result } = routed;
    deployment = routed.deployment;
    if (!result.stream) {
      countTokens(deps.metrics, call.model, result.body.usage);
      ticket.usage(result.body.usage);
      reply.headers(result.headers ?? {});
      if (result.contentType !== undefined) {
        // A text answer (transcription as text/srt/vtt): checked as `{text}`, sent as text.
        const body = after.length > 0 ? await applyAfterBody(after, result.body) : result.body;
        await reply
          .code(200)
          .headers(afterHeaders(after))
          .type(result.contentType)
          .send(String(body.text ?? ""));
      } else if (after.length > 0) {
        const body = await applyAfterBody(after, result.body);
        await reply.code(200).headers(afterHeaders(after)).send(body);
      } else if (result.text === undefined) await reply.code(200).send(result.body);
      else await reply.code(200).type(jsonType).send(result.text);
      status = 200;
      done(200);
      return;
    }
    reply.hijack();
    const completed = await sendStream(reply.raw, {
      format: call.format,
      events: after.length > 0 ? applyAfterEvents(after, result.events) : result.events,
      headers: { ...result.headers, ...afterHeaders(after) },
      onEvent: (event) => {
        countTokens(deps.metrics, call.model, streamUsage(event));
        ticket?.usage(streamUsage(event));
      },
      logger: deps.logger,
      signal: client,
    });
    status = completed ? 200 : 499;
    done(status);
    // Hijacked replies skip fastify's onResponse hook, so the access line is written here.
    deps.logger.info(
      {
        method: request.method,
        path: request.url.split("?")[0],
        status,
        ms: Math.round(performance.now() - started),
        stream: true,
      },
      "request",
    );
  } catch (error) {
    if (client.aborted) {
      // The client went away; there is nobody to answer.
      status = 499;
      done(499);
      reply.hijack();
      if (!reply.raw.destroyed) reply.raw.destroy();
      return;
    }
    status = toAppError(error).status;
    done(status);
    throw error;
  } finally {
    void ticket?.end(deployment);
    if (ticket !== undefined) {
      span.set({
        "gen_ai.usage.input_tokens": ticket.used.promptTokens,
        "gen_ai.usage.output_tokens": ticket.used.completionTokens,
      });
    }
    if (deployment !== undefined) span.set({ "gen_ai.provider.name": deployment.provider });
    span.end(status);
  }
}

/** Usage carried by a stream event: an OpenAI chunk's `usage`, Anthropic's `message_delta`. */
function streamUsage(event: JsonObject): unknown {
  if (event.type === "message_start") {
    const usage = (event.message as JsonObject | undefined)?.usage as JsonObject | undefined;
    return { input_tokens: usage?.input_tokens };
  }
  return event.usage;
}
