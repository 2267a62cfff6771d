import { z } from "zod";
import type { KeyGuard } from "./key-guard.js";

/** What a key may do; `enable_guard_check` is read by the guard callback. */
export const keyPermissionsSchema = z.looseObject({
  enable_guard_check: z.boolean().optional(),
});
export type KeyPermissions = z.output<typeof keyPermissionsSchema>;

/** A stored key, without its secret (only the hash is stored, and it is never shown). */
export interface KeyRecord {
  readonly tokenId: string;
  readonly keyAlias: string | null;
  /** `model_name`s the key may call; empty means every model. */
  readonly models: readonly string[];
  readonly permissions: KeyPermissions;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly rpmLimit: number | null;
  readonly tpmLimit: number | null;
  readonly maxParallelRequests: number | null;
  /** The key's own guard policy (`guard`); null: the gateway's settings. */
  readonly guard: KeyGuard | null;
  /** Guard-checked requests per minute (`guard_rpm_limit`); null: no limit. */
  readonly guardRpmLimit: number | null;
  /** Spend allowed per budget period (or in all, without `budgetDuration`). */
  readonly maxBudget: number | null;
  /** Length of a budget period, such as `30d`; spend starts at 0 each period. */
  readonly budgetDuration: string | null;
  readonly blocked: boolean;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Fields a new key is created with. */
export interface NewKey {
  readonly keyHash: string;
  readonly tokenId: string;
  readonly keyAlias?: string | null;
  readonly models?: readonly string[];
  readonly permissions?: KeyPermissions;
  readonly metadata?: Record<string, unknown>;
  readonly rpmLimit?: number | null;
  readonly tpmLimit?: number | null;
  readonly maxParallelRequests?: number | null;
  readonly guard?: KeyGuard | null;
  readonly guardRpmLimit?: number | null;
  readonly maxBudget?: number | null;
  readonly budgetDuration?: string | null;
  readonly expiresAt?: Date | null;
}

/** Fields `/key/update` may change; absent fields stay as they are. */
export interface KeyChanges {
  readonly keyAlias?: string | null;
  readonly models?: readonly string[];
  readonly permissions?: KeyPermissions;
  readonly metadata?: Record<string, unknown>;
  readonly rpmLimit?: number | null;
  readonly tpmLimit?: number | null;
  readonly maxParallelRequests?: number | null;
  readonly guard?: KeyGuard | null;
  readonly guardRpmLimit?: number | null;
  readonly maxBudget?: number | null;
  readonly budgetDuration?: string | null;
  readonly blocked?: boolean;
  readonly expiresAt?: Date | null;
}

/** The JSON form of a record in `/key/*` responses (snake_case, like the request fields). */
export function toKeyJson(record: KeyRecord): Record<string, unknown> {
  return {
    token_id: record.tokenId,
    key_alias: record.keyAlias,
    models: record.models,
    permissions: record.permissions,
    metadata: record.metadata,
    rpm_limit: record.rpmLimit,
    tpm_limit: record.tpmLimit,
    max_parallel_requests: record.maxParallelRequests,
    guard: record.guard,
    guard_rpm_limit: record.guardRpmLimit,
    max_budget: record.maxBudget,
    budget_duration: record.budgetDuration,
    blocked: record.blocked,
    expires: record.expiresAt?.toISOString() ?? null,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}
