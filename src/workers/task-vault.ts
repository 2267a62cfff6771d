import { AsyncLocalStorage } from "node:async_hooks";
import { Vault } from "../scanners/vault.js";

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
  const vault = new Proxy(outside, {
    get(_target, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    has(_target, property) {
      return Reflect.has(current(), property);
    },
  });
  return { vault, run: (fn) => storage.run(new Vault(), fn) };
}
