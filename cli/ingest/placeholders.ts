import type { Vault, VaultEntry } from "../../src/scanners/vault.js";

const numbered = /^(.*?)(\d+)(\D*)$/;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The next free placeholder of the same shape (`[REDACTED_EMAIL_ADDRESS_<n>]`) in `vault`. */
function nextPlaceholder(placeholder: string, vault: Vault): string {
  const shape = numbered.exec(placeholder);
  if (!shape) return placeholder;
  const [, prefix = "", , suffix = ""] = shape;
  let number = 1;
  while (vault.placeholderExists(`${prefix}${number}${suffix}`)) number += 1;
  return `${prefix}${number}${suffix}`;
}

/**
 * Move one chunk's redactions into the run's vault. Each chunk is scanned with a fresh vault (on
 * whichever worker thread), so its placeholders restart at 1; this maps them to the run's
 * placeholders, giving the same original value the same placeholder across the whole run.
 *
 * @example
 * adoptRedactions("Mail [REDACTED_EMAIL_ADDRESS_1]", [["[REDACTED_EMAIL_ADDRESS_1]", "a@b.io"]], runVault);
 */
export function adoptRedactions(
  sanitized: string,
  entries: readonly VaultEntry[],
  vault: Vault,
): string {
  const mapping = new Map<string, string>();
  for (const [placeholder, original] of entries) {
    let target = vault.placeholderFor(original);
    if (target === undefined) {
      target = vault.placeholderExists(placeholder)
        ? nextPlaceholder(placeholder, vault)
        : placeholder;
      vault.append([target, original]);
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
