import { z } from "zod";
import type { Database } from "../db/database.js";
import { keyGuardSchema } from "./key-guard.js";
import {
  type KeyChanges,
  type KeyRecord,
  keyPermissionsSchema,
  type NewKey,
} from "./key-record.js";

/**
 * Persistence for gateway keys. Both backends (PostgreSQL, PGlite) share this one SQL
 * implementation; keys are found by the SHA-256 of the raw key or by their token id.
 */
export interface KeyStore {
  create(key: NewKey): Promise<KeyRecord>;
  findByHash(keyHash: string): Promise<KeyRecord | undefined>;
  findByTokenId(tokenId: string): Promise<KeyRecord | undefined>;
  /** Token id of the key with this hash, if any (for `/key/*` calls that name a raw key). */
  tokenIdForHash(keyHash: string): Promise<string | undefined>;
  update(tokenId: string, changes: KeyChanges): Promise<KeyRecord | undefined>;
  /** Delete keys by token id; returns the token ids that existed. */
  delete(tokenIds: readonly string[]): Promise<string[]>;
  list(options: { limit: number; offset: number }): Promise<{ keys: KeyRecord[]; total: number }>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
}

const rowSchema = z.object({
  token_id: z.string(),
  key_alias: z.string().nullable(),
  models: z.array(z.string()),
  permissions: keyPermissionsSchema,
  metadata: z.record(z.string(), z.unknown()),
  rpm_limit: z.number().nullable(),
  tpm_limit: z.number().nullable(),
  max_parallel_requests: z.number().nullable(),
  guard: keyGuardSchema.nullable(),
  guard_rpm_limit: z.number().nullable(),
  max_budget: z.number().nullable(),
  budget_duration: z.string().nullable(),
  blocked: z.boolean(),
  expires_at: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});

const columns =
  "token_id, key_alias, models, permissions, metadata, rpm_limit, tpm_limit, max_parallel_requests, " +
  "guard, guard_rpm_limit, max_budget, budget_duration, blocked, expires_at, created_at, updated_at";

function toRecord(row: unknown): KeyRecord {
  const parsed = rowSchema.parse(row);
  return {
    tokenId: parsed.token_id,
    keyAlias: parsed.key_alias,
    models: parsed.models,
    permissions: parsed.permissions,
    metadata: parsed.metadata,
    rpmLimit: parsed.rpm_limit,
    tpmLimit: parsed.tpm_limit,
    maxParallelRequests: parsed.max_parallel_requests,
    guard: parsed.guard,
    guardRpmLimit: parsed.guard_rpm_limit,
    maxBudget: parsed.max_budget,
    budgetDuration: parsed.budget_duration,
    blocked: parsed.blocked,
    expiresAt: parsed.expires_at,
    createdAt: parsed.created_at,
    updatedAt: parsed.updated_at,
  };
}

const updatable: ReadonlyArray<[keyof KeyChanges, string, (value: unknown) => unknown, string]> = [
  ["keyAlias", "key_alias", (v) => v, ""],
  ["models", "models", (v) => JSON.stringify(v), "::jsonb"],
  ["permissions", "permissions", (v) => JSON.stringify(v), "::jsonb"],
  ["metadata", "metadata", (v) => JSON.stringify(v), "::jsonb"],
  ["rpmLimit", "rpm_limit", (v) => v, ""],
  ["tpmLimit", "tpm_limit", (v) => v, ""],
  ["maxParallelRequests", "max_parallel_requests", (v) => v, ""],
  ["guard", "guard", (v) => (v === null ? null : JSON.stringify(v)), "::jsonb"],
  ["guardRpmLimit", "guard_rpm_limit", (v) => v, ""],
  ["maxBudget", "max_budget", (v) => v, ""],
  ["budgetDuration", "budget_duration", (v) => v, ""],
  ["blocked", "blocked", (v) => v, ""],
  ["expiresAt", "expires_at", (v) => v, ""],
];

/**
 * A {@link KeyStore} over a migrated {@link Database}.
 *
 * @example
 * const store = createKeyStore(await openDatabase(undefined));
 */
export function createKeyStore(db: Database): KeyStore {
  const one = async (sql: string, params: unknown[]) => {
    const rows = await db.query(sql, params);
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  };
  return {
    async create(key) {
      const record = await one(
        `INSERT INTO ragguard_gateway_keys
           (token_id, key_hash, key_alias, models, permissions, metadata, rpm_limit, expires_at,
            tpm_limit, max_parallel_requests, max_budget, budget_duration, guard, guard_rpm_limit)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12,
                 $13::jsonb, $14)
         RETURNING ${columns}`,
        [
          key.tokenId,
          key.keyHash,
          key.keyAlias ?? null,
          JSON.stringify(key.models ?? []),
          JSON.stringify(key.permissions ?? {}),
          JSON.stringify(key.metadata ?? {}),
          key.rpmLimit ?? null,
          key.expiresAt ?? null,
          key.tpmLimit ?? null,
          key.maxParallelRequests ?? null,
          key.maxBudget ?? null,
          key.budgetDuration ?? null,
          key.guard == null ? null : JSON.stringify(key.guard),
          key.guardRpmLimit ?? null,
        ],
      );
      if (record === undefined) throw new Error("INSERT … RETURNING returned no row");
      return record;
    },
    findByHash: (keyHash) =>
      one(`SELECT ${columns} FROM ragguard_gateway_keys WHERE key_hash = $1`, [keyHash]),
    findByTokenId: (tokenId) =>
      one(`SELECT ${columns} FROM ragguard_gateway_keys WHERE token_id = $1`, [tokenId]),
    async tokenIdForHash(keyHash) {
      const rows = await db.query<{ token_id: string }>(
        "SELECT token_id FROM ragguard_gateway_keys WHERE key_hash = $1",
        [keyHash],
      );
      return rows[0]?.token_id;
    },
    async update(tokenId, changes) {
      const sets: string[] = [];
      const params: unknown[] = [tokenId];
      for (const [field, column, encode, cast] of updatable) {
        if (changes[field] === undefined) continue;
        params.push(encode(changes[field]));
        sets.push(`${column} = $${params.length}${cast}`);
      }
      sets.push("updated_at = now()");
      return one(
        `UPDATE ragguard_gateway_keys SET ${sets.join(", ")} WHERE token_id = $1 RETURNING ${columns}`,
        params,
      );
    },
    async delete(tokenIds) {
      if (tokenIds.length === 0) return [];
      const rows = await db.query<{ token_id: string }>(
        "DELETE FROM ragguard_gateway_keys WHERE token_id = ANY($1::text[]) RETURNING token_id",
        [[...tokenIds]],
      );
      return rows.map((row) => row.token_id);
    },
    async list({ limit, offset }) {
      const rows = await db.query(
        `SELECT ${columns} FROM ragguard_gateway_keys ORDER BY created_at, token_id LIMIT $1 OFFSET $2`,
        [limit, offset],
      );
      const count = await db.query<{ total: number | string }>(
        "SELECT count(*) AS total FROM ragguard_gateway_keys",
      );
      return { keys: rows.map(toRecord), total: Number(count[0]?.total ?? 0) };
    },
    async ping() {
      await db.query("SELECT 1");
    },
  };
}
