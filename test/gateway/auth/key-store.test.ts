import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKeyCache } from "../../../src/gateway/auth/key-cache.js";
import {
  generateRawKey,
  generateTokenId,
  hashKey,
} from "../../../src/gateway/auth/key-material.js";
import { createKeyStore, type KeyStore } from "../../../src/gateway/auth/key-store.js";
import { runMigrations } from "../../../src/gateway/db/migrations.js";
import { openTestPGlite, openTestPostgres, type TestDatabase } from "../helpers/databases.js";

const backends: Array<[string, () => Promise<TestDatabase | undefined>]> = [
  ["pglite", openTestPGlite],
  ["postgresql", openTestPostgres],
];

describe.each(backends)("key store on %s", (name, open) => {
  let handle: TestDatabase | undefined;
  let store: KeyStore;

  beforeAll(async () => {
    handle = await open();
    if (handle !== undefined) store = createKeyStore(handle.db);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const skip = () => handle === undefined;

  it("creates, finds, updates, lists and deletes a key by hash and token id", async (ctx) => {
    if (skip()) ctx.skip(`${name}: DATABASE_URL not set`);
    const raw = generateRawKey();
    const tokenId = generateTokenId();
    const expiresAt = new Date(Date.now() + 60_000);
    const created = await store.create({
      keyHash: hashKey(raw),
      tokenId,
      keyAlias: "team-a",
      models: ["gpt-4o"],
      permissions: { enable_guard_check: true },
      metadata: { team: "a" },
      rpmLimit: 5,
      expiresAt,
    });
    expect(created).toMatchObject({
      tokenId,
      keyAlias: "team-a",
      models: ["gpt-4o"],
      permissions: { enable_guard_check: true },
      metadata: { team: "a" },
      rpmLimit: 5,
      blocked: false,
    });
    expect(created.expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect(await store.findByHash(hashKey(raw))).toEqual(created);
    expect(await store.tokenIdForHash(hashKey(raw))).toBe(tokenId);
    expect(await store.findByHash(hashKey(generateRawKey()))).toBeUndefined();

    const updated = await store.update(tokenId, { models: [], blocked: true, keyAlias: null });
    expect(updated).toMatchObject({ models: [], blocked: true, keyAlias: null, rpmLimit: 5 });

    const listed = await store.list({ limit: 100, offset: 0 });
    expect(listed.total).toBeGreaterThanOrEqual(1);
    expect(listed.keys.map((key) => key.tokenId)).toContain(tokenId);

    expect(await store.delete([tokenId, generateTokenId()])).toEqual([tokenId]);
    expect(await store.findByTokenId(tokenId)).toBeUndefined();
  });

  it("keeps a key's guard policy and guard_rpm_limit, and clears the policy with null", async (ctx) => {
    if (skip()) ctx.skip(`${name}: DATABASE_URL not set`);
    const tokenId = generateTokenId();
    const guard = {
      enabled: false,
      actions: { PromptInjection: "monitor" as const },
      fail_open: true,
    };
    const created = await store.create({
      keyHash: hashKey(generateRawKey()),
      tokenId,
      guard,
      guardRpmLimit: 7,
    });
    expect(created).toMatchObject({ guard, guardRpmLimit: 7 });
    expect((await store.findByTokenId(tokenId))?.guard).toEqual(guard);
    const untouched = await store.update(tokenId, { keyAlias: "x" });
    expect(untouched).toMatchObject({ guard, guardRpmLimit: 7 });
    const cleared = await store.update(tokenId, { guard: null, guardRpmLimit: null });
    expect(cleared).toMatchObject({ guard: null, guardRpmLimit: null });
    const plain = await store.create({
      keyHash: hashKey(generateRawKey()),
      tokenId: generateTokenId(),
    });
    expect(plain).toMatchObject({ guard: null, guardRpmLimit: null });
  });

  it("rejects a second key with the same hash", async (ctx) => {
    if (skip()) ctx.skip(`${name}: DATABASE_URL not set`);
    const keyHash = hashKey(generateRawKey());
    await store.create({ keyHash, tokenId: generateTokenId() });
    await expect(store.create({ keyHash, tokenId: generateTokenId() })).rejects.toThrow();
  });

  it("re-running migrations applies nothing", async (ctx) => {
    if (skip() || handle === undefined) return ctx.skip(`${name}: DATABASE_URL not set`);
    expect(await runMigrations(handle.db)).toEqual([]);
  });

  it("serves cached lookups until the TTL passes", async (ctx) => {
    if (skip()) ctx.skip(`${name}: DATABASE_URL not set`);
    let clock = 1_000;
    const cache = createKeyCache(store, { ttlMs: 30_000, now: () => clock });
    const raw = generateRawKey();
    const tokenId = generateTokenId();
    await store.create({ keyHash: hashKey(raw), tokenId });
    expect((await cache.get(hashKey(raw)))?.tokenId).toBe(tokenId);
    await store.delete([tokenId]);
    // Another instance deleted it: still served from cache within the TTL …
    expect((await cache.get(hashKey(raw)))?.tokenId).toBe(tokenId);
    clock += 30_001;
    // … and gone after it.
    expect(await cache.get(hashKey(raw))).toBeUndefined();
  });
});
