import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashKey, secretMatcher } from "../../../src/gateway/auth/key-material.js";

describe("key material", () => {
  it("hashes a key to the SHA-256 hex of its UTF-8 bytes (the stored form)", () => {
    for (const key of ["sk-abc", "sk-ünïcödé-🔑", ""]) {
      expect(hashKey(key)).toBe(createHash("sha256").update(key, "utf8").digest("hex"));
    }
  });

  it("matches only the exact secret, whatever the length given", () => {
    const isMaster = secretMatcher("sk-master-0123456789");
    expect(isMaster("sk-master-0123456789")).toBe(true);
    expect(isMaster("sk-master-012345678")).toBe(false);
    expect(isMaster("sk-master-0123456789x")).toBe(false);
    expect(isMaster("")).toBe(false);
  });
});
