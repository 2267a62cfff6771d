import type { FastifyError, FastifyInstance } from "fastify";
import type { z } from "zod";
import { AppError, type AppErrorOptions, toAppError, ValidationError } from "../common/errors.js";
import type { Logger } from "../common/logger.js";
import { type ValidationDetail, validationDetails } from "./validation-details.js";

/** The guard API's one error body, as LLM Guard's API writes it. */
export interface GuardErrorBody {
  message: string;
  details: unknown;
}

/** An HTTP error with a status; response headers (`WWW-Authenticate`, `Retry-After`) ride in `headers`. */
export class HttpError extends AppError {
  constructor(status: number, message: string, options: AppErrorOptions = {}) {
    super(message, { status, code: `http_${status}`, expose: true, ...options });
  }
}

export type { ValidationDetail } from "./validation-details.js";

/** Turn zod issues into a 422 whose `details` are FastAPI's (pydantic's) list for the body. */
export function toValidationError(error: z.ZodError, body?: unknown): ValidationError {
  const details = validationDetails(error, body);
  return new ValidationError("Validation failed", { details, expose: true });
}

function bodyError(type: string, msg: string): ValidationError {
  const details: ValidationDetail[] = [{ type, loc: ["body"], msg }];
  return new ValidationError("Validation failed", { details, expose: true });
}

/** Map what fastify throws while reading a request onto the guard API's statuses. */
function fromFastifyError(error: FastifyError, bodyLimit: number): AppError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new HttpError(413, `Request body is larger than the limit of ${bodyLimit} bytes.`, {
        details: { limit_bytes: bodyLimit },
      });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new HttpError(415, "Unsupported media type: send the body as application/json.");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return bodyError("missing", "Field required");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return bodyError("json_invalid", `JSON decode error: ${error.message}`);
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return bodyError("json_invalid", `JSON decode error: ${error.message}`);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 600 && status !== 500) return new HttpError(status, error.message);
  return undefined;
}

/** Unexpected errors at error level with their stack; overload and time-outs at warn; the rest at debug. */
function logError(logger: Logger, error: AppError, raw: unknown, route: string | undefined): void {
  const fields = { status: error.status, code: error.code, route, reason: error.message };
  if (!error.expose) logger.error({ ...fields, err: raw }, "Request failed");
  // A scan cancelled because its client went away (or at shutdown) is nobody's problem.
  else if (error.code === "scan_aborted") logger.debug(fields, "Request cancelled");
  else if (error.status === 408 || error.status >= 500) logger.warn(fields, "Request refused");
  else logger.debug(fields, "Request refused");
}

/** Statuses that tell a client to come back later get a `Retry-After` (seconds). */
const retryAfterByCode: Readonly<Record<string, string>> = { queue_full: "1", scan_aborted: "1" };

/**
 * Install the single error path: every error becomes `{"message", "details"}` with its status;
 * unexpected ones become a bare 500 and are logged with their stack.
 */
export function installErrorHandlers(
  app: FastifyInstance,
  logger: Logger,
  bodyLimit: number,
): void {
  app.setErrorHandler((rawError, request, reply) => {
    const error =
      rawError instanceof AppError
        ? rawError
        : (fromFastifyError(rawError as FastifyError, bodyLimit) ?? toAppError(rawError));
    logError(logger, error, rawError, request.routeOptions.url);
    reply.headers(error.headers);
    const retryAfter = retryAfterByCode[error.code];
    if (retryAfter !== undefined) reply.header("retry-after", retryAfter);
    const body: GuardErrorBody = error.expose
      ? { message: error.message, details: error.details ?? null }
      : { message: "Internal Server Error", details: null };
    return reply.status(error.status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: GuardErrorBody = {
      message: "Not Found",
      details: { method: request.method, url: request.url },
    };
    return reply.status(404).send(body);
  });
}
