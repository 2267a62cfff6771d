import { parseDuration } from "../auth/duration.js";
import type { KeyRecord } from "../auth/key-record.js";

/** The budget period a key is in: periods of `budget_duration` counted from the key's creation. */
export interface BudgetPeriod {
  /** 0, 1, 2, … (always 0 without `budget_duration`). */
  readonly index: number;
  /** When the spend starts again at 0; null without `budget_duration`. */
  readonly resetsAt: Date | null;
  /** How long the period's counter is worth keeping (ms). */
  readonly keepMs: number;
}

const week = 7 * 86_400_000;

/** The current budget period of `record` at time `now`. */
export function budgetPeriodOf(record: KeyRecord, now: number): BudgetPeriod {
  if (record.budgetDuration === null) return { index: 0, resetsAt: null, keepMs: week };
  const length = parseDuration(record.budgetDuration);
  const start = record.createdAt.getTime();
  const index = Math.max(0, Math.floor((now - start) / length));
  return { index, resetsAt: new Date(start + (index + 1) * length), keepMs: length + 86_400_000 };
}
