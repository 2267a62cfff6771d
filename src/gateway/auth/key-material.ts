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

/** Compare two secrets in constant time (both are hashed first, so lengths never leak). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}
