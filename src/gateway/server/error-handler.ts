import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError, toAppError } from "../../common/errors.js";
import type { Logger } from "../../common/logger.js";
import { toAnthropicErrorBody, toOpenAIErrorBody } from "../translate/errors.js";
import type { WireFormat } from "./send-stream.js";

/** Route config field that picks the error shape; absent means OpenAI's. */
export interface RouteWireConfig {
  wireFormat?: WireFormat;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && "statusCode" in error && typeof error.statusCode === "number";
}

/** Turn anything thrown into an {@link AppError}; fastify's own 4xx errors keep their message. */
export function normaliseError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isFastifyError(error) && (error.statusCode ?? 500) < 500) {
    return new AppError(error.message, {
      status: error.statusCode ?? 400,
      code: error.code,
      expose: true,
    });
  }
  return toAppError(error);
}

/**
 * Exposed errors may carry extra fields for the client in `details` (e.g. the guard's verdict);
 * they are added inside the body's `error` object, in either wire shape.
 */
function withDetails<B extends { error: object }>(body: B, error: AppError): B {
  const { details } = error;
  if (!error.expose || details === null || typeof details !== "object" || Array.isArray(details)) {
    return body;
  }
  return { ...body, error: { ...body.error, ...details } };
}

/**
 * The gateway's one error writer: OpenAI's `{"error": {...}}` everywhere except the Anthropic
 * `/messages` routes, which get `{"type": "error", "error": {...}}`. Unexpected errors become a
 * generic 500; their details go to the log only.
 */
export function createErrorHandler(logger: Logger) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    const appError = normaliseError(error);
    const message = appError.expose ? appError.message : "Internal server error";
    if (appError.status >= 500 && !appError.expose) {
      logger.error(
        { path: request.url.split("?")[0], err: toAppError(error).message },
        "request failed",
      );
    }
    const config = request.routeOptions.config as RouteWireConfig | undefined;
    const body =
      config?.wireFormat === "anthropic"
        ? toAnthropicErrorBody(appError.status, message)
        : toOpenAIErrorBody(appError.status, message, { code: appError.code });
    void reply.code(appError.status).headers(appError.headers).send(withDetails(body, appError));
  };
}
