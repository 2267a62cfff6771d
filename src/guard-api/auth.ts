import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { GuardApiAuth } from "./config.js";
import { HttpError } from "./errors.js";

/** Compare two secrets in constant time (hashing first, so lengths do not leak either). */
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `Authorization: <scheme> <param>` split at the first space, as FastAPI splits it. */
function splitAuthorization(request: FastifyRequest): { scheme: string; param: string } {
  const header = request.headers.authorization;
  const value = typeof header === "string" ? header : "";
  const space = value.indexOf(" ");
  if (space === -1) return { scheme: value, param: "" };
  return { scheme: value.slice(0, space), param: value.slice(space + 1) };
}

/** FastAPI's `HTTPBasic` challenge (no realm configured in LLM Guard's API). */
function basicChallenge(message: string): HttpError {
  return new HttpError(401, message, { headers: { "www-authenticate": "Basic" } });
}

/** `user:password` from a Basic param, or undefined when it is not base64 ASCII with a colon. */
function decodeBasic(param: string): { username: string; password: string } | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(param.trim())) return undefined;
  const bytes = Buffer.from(param.trim(), "base64");
  if (bytes.some((byte) => byte > 0x7f)) return undefined;
  const decoded = bytes.toString("ascii");
  const colon = decoded.indexOf(":");
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Make the check that guards the scan routes, answering exactly as LLM Guard's API does (FastAPI
 * ≤ 0.110, which it pins, with `HTTPBearer()` / `HTTPBasic()` and its own comparison):
 *
 * - bearer: 403 `Not authenticated` without a scheme and credential, 403 `Invalid authentication
 *   credentials` for another scheme, 401 `Invalid API key` for a wrong token; no challenge header.
 * - basic: 401 `Not authenticated` without Basic credentials and 401 `Invalid authentication
 *   credentials` when they are not base64 `user:password`, both with `WWW-Authenticate: Basic`;
 *   401 `Invalid Username or Password` (no challenge) for wrong ones.
 *
 * Without `auth`, undefined.
 *
 * @example
 * const check = createAuthCheck({ type: "http_bearer", token: "s3cret" });
 * app.addHook("onRequest", async (request) => check?.(request));
 */
export function createAuthCheck(
  auth: GuardApiAuth | undefined,
): ((request: FastifyRequest) => void) | undefined {
  if (auth === undefined) return undefined;
  if (auth.type === "http_bearer") {
    return function checkBearer(request) {
      const { scheme, param } = splitAuthorization(request);
      if (scheme === "" || param === "") throw new HttpError(403, "Not authenticated");
      if (scheme.toLowerCase() !== "bearer") {
        throw new HttpError(403, "Invalid authentication credentials");
      }
      if (!secretsMatch(param, auth.token)) throw new HttpError(401, "Invalid API key");
    };
  }
  return function checkBasic(request) {
    const { scheme, param } = splitAuthorization(request);
    if (scheme.toLowerCase() !== "basic") throw basicChallenge("Not authenticated");
    const credentials = decodeBasic(param);
    if (credentials === undefined) throw basicChallenge("Invalid authentication credentials");
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = secretsMatch(credentials.username, auth.username);
    const passwordOk = secretsMatch(credentials.password, auth.password);
    if (!(userOk && passwordOk)) throw new HttpError(401, "Invalid Username or Password");
  };
}
