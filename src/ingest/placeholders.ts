import type { Vault, VaultEntry } from "../scanners/vault.js";

const numbered = /^(.*?)(\d+)(\D*)$/;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Where the search for a free placeholder number may start, per shape (`[REDACTED_EMAIL_ADDRESS_`
 * + `]`): every number below it is taken in the run's vault. Without it, numbering n distinct
 * values of one shape probes 1, 2, ... each time (n²/2 probes: 5,000 addresses took 10 s).
 */
export type PlaceholderNumbering = Map<string, number>;

const shapeKey = (prefix: string, suffix: string) => `${prefix}\u0000${suffix}`;

/** The lowest free placeholder of the same shape (`[REDACTED_EMAIL_ADDRESS_<n>]`) in `vault`. */
function nextPlaceholder(placeholder: string, vault: Vault, numbering: PlaceholderNumbering) {
  const shape = numbered.exec(placeholder);
  if (!shape) return placeholder;
  const [, prefix = "", , suffix = ""] = shape;
  const key = shapeKey(prefix, suffix);
  let number = numbering.get(key) ?? 1;
  while (vault.placeholderExists(`${prefix}${number}${suffix}`)) number += 1;
  numbering.set(key, number + 1);
  return `${prefix}${number}${suffix}`;
}

/**
 * Move one chunk's redactions into the run's vault. Each chunk is scanned with a fresh vault (on
 * whichever worker thread), so its placeholders restart at 1; this maps them to the run's
 * placeholders, giving the same original value the same placeholder across the whole run.
 * Placeholders added to `vault` are pushed to `appended` (to take them back if the file fails);
 * pass the run's `numbering` to every call of a run.
 *
 * @example
 * adoptRedactions("Mail [REDACTED_EMAIL_ADDRESS_1]", [["[REDACTED_EMAIL_ADDRESS_1]", "a@b.io"]], runVault);
 */
export function adoptRedactions(
  sanitized: string,
  entries: readonly VaultEntry[],
  vault: Vault,
  numbering: PlaceholderNumbering = new Map(),
  appended?: string[],
): string {
  const mapping = new Map<string, string>();
  for (const [placeholder, original] of entries) {
    let target = vault.placeholderFor(original);
    if (target === undefined) {
      target = vault.placeholderExists(placeholder)
        ? nextPlaceholder(placeholder, vault, numbering)
        : placeholder;
      vault.append([target, original]);
      appended?.push(target);
    }
    if (target !== placeholder) mapping.set(placeholder, target);
  }
  if (mapping.size === 0) return sanitized;
  const pattern = new RegExp(
    [...mapping.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  return sanitized.replace(pattern, (match) => mapping.get(match) ?? match);
}

/** Take placeholders added by {@link adoptRedactions} back out of the run's vault. */
export function removePlaceholders(
  placeholders: readonly string[],
  vault: Vault,
  numbering: PlaceholderNumbering,
): void {
  for (const placeholder of placeholders) {
    vault.remove(placeholder);
    const shape = numbered.exec(placeholder);
    if (!shape) continue;
    const [, prefix = "", digits = "", suffix = ""] = shape;
    const key = shapeKey(prefix, suffix);
    const number = Number(digits);
    if (number < (numbering.get(key) ?? 1)) numbering.set(key, number);
  }
}
