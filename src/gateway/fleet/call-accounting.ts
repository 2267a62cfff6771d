import type { Logger } from "../../common/logger.js";
import type { Caller } from "../auth/authenticate.js";
import type { KeyRecord } from "../auth/key-record.js";
import type { Deployment } from "../config/resolve.js";
import { BadRequestError } from "../errors.js";
import { admitKey, type KeyAdmission } from "../limits/admit-key.js";
import type { LimitStore } from "../limits/limit-store.js";
import type { BudgetCounter } from "../spend/budget-counter.js";
import { budgetPeriodOf } from "../spend/budget-period.js";
import { type CallUsage, costOf, mergeUsage, readUsage } from "../spend/call-usage.js";
import type { SpendRecorder } from "../spend/spend-recorder.js";

/** One admitted model call: its rate-limit headers, and what it used. */
export interface CallTicket {
  /** `x-ratelimit-*` headers for the answer (empty for keys without limits). */
  readonly headers: Readonly<Record<string, string>>;
  /** A provider `usage` object seen in the answer or in a stream event. */
  usage(usage: unknown): void;
  /** The call ended (answered, failed or aborted): count tokens and spend, free its slot. */
  end(deployment: Deployment | undefined): Promise<void>;
  /** Tokens seen so far. */
  readonly used: CallUsage;
}

/** Admits calls of keys under their limits and budget, and records what each call used. */
export interface CallAccounting {
  /** 400 `budget_exceeded`, 429 over a limit, 503 when the limit store is unreachable. */
  begin(caller: Caller): Promise<CallTicket>;
}

export interface CallAccountingOptions {
  limits: LimitStore;
  budget: BudgetCounter;
  recorder: SpendRecorder;
  logger: Logger;
  now: () => number;
}

const unaccounted: CallTicket = {
  headers: {},
  usage() {},
  async end() {},
  used: { promptTokens: 0, completionTokens: 0 },
};

/** Over budget: 400 in OpenAI's error shape with `type` and `code` `budget_exceeded` (LiteLLM's). */
export class BudgetExceededError extends BadRequestError {
  constructor(record: KeyRecord, spent: number, resetsAt: Date | null) {
    const reset = resetsAt === null ? "" : `; it resets at ${resetsAt.toISOString()}`;
    super(
      `Budget has been exceeded: this key spent ${spent.toFixed(6)} of its max_budget ${record.maxBudget}${reset}`,
      { code: "budget_exceeded", details: { type: "budget_exceeded" } },
    );
  }
}

/**
 * Create the {@link CallAccounting} of a gateway.
 *
 * @example
 * const ticket = await accounting.begin(caller);
 */
export function createCallAccounting(options: CallAccountingOptions): CallAccounting {
  const { limits, budget, recorder, logger, now } = options;

  async function checkBudget(record: KeyRecord): Promise<void> {
    if (record.maxBudget === null) return;
    const period = budgetPeriodOf(record, now());
    const spent = await budget.spent(record.tokenId, period.index, period.keepMs);
    if (spent >= record.maxBudget) throw new BudgetExceededError(record, spent, period.resetsAt);
  }

  function ticketFor(record: KeyRecord, admission: KeyAdmission): CallTicket {
    let used: CallUsage = { promptTokens: 0, completionTokens: 0 };
    let ended = false;
    return {
      headers: admission.headers,
      get used() {
        return used;
      },
      usage(usage) {
        used = mergeUsage(used, readUsage(usage));
      },
      async end(deployment) {
        if (ended) return;
        ended = true;
        const period = budgetPeriodOf(record, now());
        const cost = costOf(deployment, used);
        recorder.record({
          tokenId: record.tokenId,
          period: period.index,
          requests: 1,
          promptTokens: used.promptTokens,
          completionTokens: used.completionTokens,
          spend: cost,
        });
        try {
          await admission.finish(used.promptTokens + used.completionTokens);
          if (cost > 0) await budget.add(record.tokenId, period.index, cost, period.keepMs);
        } catch (error) {
          logger.warn(
            { token_id: record.tokenId, err: (error as Error).message },
            "could not count a call's tokens or spend in the shared store",
          );
        }
      },
    };
  }

  return {
    async begin(caller) {
      if (caller.kind !== "key") return unaccounted;
      await checkBudget(caller.record);
      return ticketFor(caller.record, await admitKey(limits, caller.record));
    },
  };
}
