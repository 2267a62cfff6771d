import type { Vault } from "./vault.js";

/**
 * A `Vault` whose every property and method call goes to `current()` at the time of the call:
 * scanners built once hold this handle while each task or chunk gets a vault of its own.
 *
 * @example
 * let vault = new Vault();
 * const handle = forwardingVault(() => vault);
 * const anonymize = new Anonymize(handle); // writes to whichever vault is current
 */
export function forwardingVault(current: () => Vault): Vault {
  return new Proxy(current(), {
    get(_target, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    has(_target, property) {
      return Reflect.has(current(), property);
    },
  });
}
