import { z } from "zod";
import type { Database } from "../db/database.js";

/** Spend and usage of one key in one budget period, added up since the last write. */
export interface SpendDelta {
  readonly tokenId: string;
  readonly period: number;
  readonly requests: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly spend: number;
}

/** A key's usage over its whole life, and its spend in the current budget period. */
export interface KeyUsage {
  readonly requests: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  /** Spend of the current budget period (what `max_budget` is compared with). */
  readonly spend: number;
  readonly total_spend: number;
}

/** Persistence of spend rows (`ragguard_gateway_key_spend`), the same SQL on PostgreSQL and PGlite. */
export interface SpendStore {
  /** Add a batch of deltas in one statement; rows of deleted keys are dropped. */
  add(deltas: readonly SpendDelta[]): Promise<void>;
  /** Spend written so far for one key and period. */
  periodSpend(tokenId: string, period: number): Promise<number>;
  usage(tokenId: string, period: number): Promise<KeyUsage>;
}

const usageRow = z.object({
  requests: z.coerce.number(),
  prompt_tokens: z.coerce.number(),
  completion_tokens: z.coerce.number(),
  spend: z.coerce.number(),
  total_spend: z.coerce.number(),
});

/**
 * A {@link SpendStore} over a migrated {@link Database}.
 *
 * @example
 * const spend = createSpendStore(database);
 */
export function createSpendStore(db: Database): SpendStore {
  return {
    async add(deltas) {
      if (deltas.length === 0) return;
      await db.query(
        `INSERT INTO ragguard_gateway_key_spend AS s
           (token_id, period, requests, prompt_tokens, completion_tokens, spend)
         SELECT d.token_id, d.period, d.requests, d.prompt_tokens, d.completion_tokens, d.spend
         FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::float8[])
           AS d (token_id, period, requests, prompt_tokens, completion_tokens, spend)
         JOIN ragguard_gateway_keys k ON k.token_id = d.token_id
         ON CONFLICT (token_id, period) DO UPDATE SET
           requests = s.requests + EXCLUDED.requests,
           prompt_tokens = s.prompt_tokens + EXCLUDED.prompt_tokens,
           completion_tokens = s.completion_tokens + EXCLUDED.completion_tokens,
           spend = s.spend + EXCLUDED.spend,
           updated_at = now()`,
        [
          deltas.map((d) => d.tokenId),
          deltas.map((d) => d.period),
          deltas.map((d) => d.requests),
          deltas.map((d) => d.promptTokens),
          deltas.map((d) => d.completionTokens),
          deltas.map((d) => d.spend),
        ],
      );
    },
    async periodSpend(tokenId, period) {
      const rows = await db.query<{ spend: number | string }>(
        "SELECT spend FROM ragguard_gateway_key_spend WHERE token_id = $1 AND period = $2",
        [tokenId, period],
      );
      return Number(rows[0]?.spend ?? 0);
    },
    async usage(tokenId, period) {
      const rows = await db.query(
        `SELECT coalesce(sum(requests), 0) AS requests,
                coalesce(sum(prompt_tokens), 0) AS prompt_tokens,
                coalesce(sum(completion_tokens), 0) AS completion_tokens,
                coalesce(sum(spend) FILTER (WHERE period = $2), 0) AS spend,
                coalesce(sum(spend), 0) AS total_spend
         FROM ragguard_gateway_key_spend WHERE token_id = $1`,
        [tokenId, period],
      );
      return usageRow.parse(rows[0]);
    },
  };
}
