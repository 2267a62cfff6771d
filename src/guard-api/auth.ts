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

function unauthorized(message: string, scheme: "Bearer" | "Basic"): HttpError {
  const challenge = scheme === "Bearer" ? "Bearer" : 'Basic realm="ragguard guard API"';
  return new HttpError(401, message, { headers: { "www-authenticate": challenge } });
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
 * Make the check that guards the scan routes: HTTP bearer or HTTP basic as LLM Guard's API
 * configures them, answering 401 with a `WWW-Authenticate` challenge. Without `auth`, undefined.
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
      const token = readCredentials(request, "Bearer");
      if (token === undefined) throw unauthorized("Not authenticated", "Bearer");
      if (!secretsMatch(token, auth.token)) throw unauthorized("Invalid API key", "Bearer");
    };
  }
  return function checkBasic(request) {
    const encoded = readCredentials(request, "Basic");
    if (encoded === undefined) throw unauthorized("Not authenticated", "Basic");
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const username = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? "" : decoded.slice(colon + 1);
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = secretsMatch(username, auth.username);
    const passwordOk = secretsMatch(password, auth.password);
    if (!(userOk && passwordOk)) throw unauthorized("Invalid Username or Password", "Basic");
  };
}
