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

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, {
    headers: { "www-authenticate": 'Basic realm="ragguard guard API"' },
  });
}

/** Split `Authorization: <scheme> <value>`; the scheme is case-insensitive. */
function readCredentials(request: FastifyRequest, scheme: string): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const space = header.indexOf(" ");
  if (space === -1 || header.slice(0, space).toLowerCase() !== scheme.toLowerCase())
    return undefined;
  const value = header.slice(space + 1).trim();
  return value === "" ? undefined : value;
}

/**
 * FastAPI's `HTTPBearer` (the version LLM Guard's API pins, 0.115) refuses a request without a
 * bearer credential with 403, no challenge: "Not authenticated" without the header, "Invalid
 * authentication credentials" with another scheme.
 */
function forbidden(message: string): HttpError {
  return new HttpError(403, message);
}

/**
 * Make the check that guards the scan routes: HTTP bearer or HTTP basic, answering as LLM Guard's
 * API does — bearer: 403 without a bearer credential, 401 "Invalid API key" for a wrong one;
 * basic: 401 with a `WWW-Authenticate` challenge. Without `auth`, undefined.
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
      if (typeof request.headers.authorization !== "string") throw forbidden("Not authenticated");
      const token = readCredentials(request, "Bearer");
      if (token === undefined) throw forbidden("Invalid authentication credentials");
      if (!secretsMatch(token, auth.token)) throw new HttpError(401, "Invalid API key");
    };
  }
  return function checkBasic(request) {
    const encoded = readCredentials(request, "Basic");
    if (encoded === undefined) throw unauthorized("Not authenticated");
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const username = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? "" : decoded.slice(colon + 1);
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = secretsMatch(username, auth.username);
    const passwordOk = secretsMatch(password, auth.password);
    if (!(userOk && passwordOk)) throw unauthorized("Invalid Username or Password");
  };
}
