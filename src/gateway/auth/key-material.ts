import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** Make a new raw key: `sk-` + 32 random bytes in base64url (43 characters). */
export function generateRawKey(): string {
  return `sk-${randomBytes(32).toString("base64url")}`;
}

/** A new token id, the public handle of a key (safe to log and list). */
export function generateTokenId(): string {
  return randomUUID();
}

/** SHA-256 of a raw key, hex encoded: the only form a key is stored in. */
export function hashKey(rawKey: string): string {
  return createHash("sha256").update(rawKey, "utf8").digest("hex");
}

/**
 * A constant-time check against one secret (both sides are hashed, so lengths never leak); the
 * secret's hash is computed once, not per request.
 */
export function secretMatcher(expected: string): (given: string) => boolean {
  const b = createHash("sha256").update(expected, "utf8").digest();
  return (given) => timingSafeEqual(createHash("sha256").update(given, "utf8").digest(), b);
}
