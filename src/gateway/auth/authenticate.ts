import type { IncomingHttpHeaders } from "node:http";
import { AppError } from "../../common/errors.js";
import { AuthenticationError, PermissionError } from "../errors.js";
import type { KeyCache } from "./key-cache.js";
import { hashKey, secretMatcher } from "./key-material.js";
import type { KeyRecord } from "./key-record.js";

/**
 * Who is calling: the master key, a generated key, or anyone (no `master_key` configured, the
 * LiteLLM-proxy default for local use; the gateway warns about it at start).
 */
export type Caller =
  | { readonly kind: "master" }
  | { readonly kind: "key"; readonly record: KeyRecord }
  | { readonly kind: "open" };

export interface AuthenticatorOptions {
  masterKey: string | undefined;
  keys: KeyCache;
  now?: () => number;
}

/** The bearer value of `Authorization`, else `x-api-key` (Anthropic clients), else `api-key` (Azure). */
export function readPresentedKey(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === "string") {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1] !== undefined) return match[1].trim();
  }
  for (const name of ["x-api-key", "api-key"]) {
    const value = headers[name];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/** Resolve callers of model routes and key routes. */
export interface Authenticator {
  /** Any valid caller (model routes); 401 otherwise. Limits are checked per call (`limits/`). */
  caller(headers: IncomingHttpHeaders): Promise<Caller>;
  /** Only the master key (key management); 401 otherwise. */
  requireMaster(headers: IncomingHttpHeaders): void;
}

/** Create an {@link Authenticator}. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const now = options.now ?? Date.now;
  const isMaster = options.masterKey === undefined ? () => false : secretMatcher(options.masterKey);
  return {
    async caller(headers) {
      if (options.masterKey === undefined) return { kind: "open" };
      const presented = readPresentedKey(headers);
      if (presented === undefined) {
        throw new AuthenticationError(
          "No API key: send Authorization: Bearer <key> (or x-api-key)",
        );
      }
      if (isMaster(presented)) return { kind: "master" };
      const record = await options.keys.get(hashKey(presented)).catch((error: unknown) => {
        // Fail closed but say why: the key cannot be checked, not that it is wrong.
        throw new AppError("The key database is unreachable; retry later", {
          status: 503,
          code: "database_unavailable",
          expose: true,
          cause: error,
        });
      });
      if (record === undefined) throw new AuthenticationError("Invalid API key");
      if (record.blocked) throw new AuthenticationError("This API key is blocked");
      if (record.expiresAt !== null && record.expiresAt.getTime() <= now()) {
        throw new AuthenticationError("This API key has expired");
      }
      return { kind: "key", record };
    },
    requireMaster(headers) {
      if (options.masterKey === undefined) {
        throw new PermissionError(
          "Key management needs general_settings.master_key in the gateway config",
        );
      }
      const presented = readPresentedKey(headers);
      if (presented === undefined || !isMaster(presented)) {
        throw new AuthenticationError("Key management needs the master key");
      }
    },
  };
}

/** Whether the caller may call `modelName` (an empty `models` list allows every model). */
export function mayCallModel(caller: Caller, modelName: string): boolean {
  if (caller.kind !== "key") return true;
  const models = caller.record.models;
  return models.length === 0 || models.includes(modelName);
}

/** 403 unless the caller may call `modelName`. */
export function assertModelAllowed(caller: Caller, modelName: string): void {
  if (!mayCallModel(caller, modelName)) {
    throw new PermissionError(`This key may not call model "${modelName}"`);
  }
}
