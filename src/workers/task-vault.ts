import { AsyncLocalStorage } from "node:async_hooks";
import { forwardingVault } from "../scanners/forwarding-vault.js";
import { Vault, type VaultEntry } from "../scanners/vault.js";

/** A vault handle for scanners built once, whose contents belong to the task that is running. */
export interface TaskVault {
  /** Pass this to scanner factories; every call goes to the current task's own `Vault`. */
  readonly vault: Vault;
  /** Run `fn` with a fresh, empty vault behind {@link TaskVault.vault}. */
  run<T>(fn: () => T): T;
}

/**
 * Make a vault handle that resolves to a fresh `Vault` per task (through `AsyncLocalStorage`),
 * so scanners can be built once per worker and still never share redactions between requests,
 * even when tasks overlap. Outside {@link TaskVault.run} it resolves to a construction-time vault.
 *
 * @example
 * const tv = createTaskVault();
 * const anonymize = new Anonymize(tv.vault);
 * await tv.run(() => anonymize.scan(text)); // fills a vault no other task sees
 */
export function createTaskVault(): TaskVault {
  const storage = new AsyncLocalStorage<Vault>();
  const outside = new Vault();
  const current = (): Vault => storage.getStore() ?? outside;
  const vault = forwardingVault(current);
  return { vault, run: (fn) => storage.run(new Vault(), fn) };
}

/** A vault handle whose tasks run one after another (see {@link createSequentialTaskVault}). */
export interface SequentialTaskVault {
  /** Pass this to scanner factories; every call goes to the running task's own `Vault`. */
  readonly vault: Vault;
  /**
   * Run `fn` after the tasks before it, with a fresh vault behind the handle: empty, or holding
   * `entries` (a request's own redactions, for Deanonymize).
   */
  run<T>(fn: () => Promise<T>, entries?: readonly VaultEntry[]): Promise<T>;
}

/**
 * Like {@link createTaskVault}, but overlapping tasks wait for each other instead of each
 * carrying its vault through `AsyncLocalStorage`, whose promise hooks cost every promise the
 * thread makes. A scan worker runs one scan at a time anyway.
 *
 * @example
 * const tv = createSequentialTaskVault();
 * const anonymize = new Anonymize(tv.vault);
 * await tv.run(async () => anonymize.scan(text)); // fills a vault no other task sees
 */
export function createSequentialTaskVault(): SequentialTaskVault {
  let current = new Vault();
  let tail: Promise<unknown> = Promise.resolve();
  const vault = forwardingVault(() => current);
  const ignore = () => {};
  return {
    vault,
    run(fn, entries) {
      const result = tail.then(() => {
        current = new Vault();
        if (entries !== undefined) current.extend(entries);
        return fn();
      });
      tail = result.then(ignore, ignore);
      return result;
    },
  };
}
