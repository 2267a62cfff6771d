import { hash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

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
  // One-shot `hash` (UTF-8 for strings): no Hash object per request, same digest.
  return hash("sha256", rawKey, "hex");
}

/**
 * A constant-time check against one secret (both sides are hashed, so lengths never leak); the
 * secret's hash is computed once, not per request.
 */
export function secretMatcher(expected: string): (given: string) => boolean {
  const b = hash("sha256", expected, "buffer");
  return (given) => timingSafeEqual(hash("sha256", given, "buffer"), b);
}
