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

/** The run's placeholder for each of a chunk's own placeholders that must change. */
function adoptEntries(
  entries: readonly VaultEntry[],
  vault: Vault,
  numbering: PlaceholderNumbering,
  appended: string[] | undefined,
): Map<string, string> {
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
  return mapping;
}

/** A text with its placeholders renamed, and where an offset of the old text now falls. */
export interface RenamedText {
  text: string;
  moveOffset(offset: number): number;
}

/** Rename placeholders in `text` by `mapping`, noting how far each one shifts what follows it. */
function renamePlaceholders(text: string, mapping: ReadonlyMap<string, string>): RenamedText {
  if (mapping.size === 0) return { text, moveOffset: (offset) => offset };
  const pattern = new RegExp(
    [...mapping.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  const shifts: Array<{ end: number; delta: number }> = [];
  const renamed = text.replace(pattern, (match, at: number) => {
    const target = mapping.get(match) ?? match;
    shifts.push({ end: at + match.length, delta: target.length - match.length });
    return target;
  });
  const moveOffset = (offset: number) =>
    shifts.reduce((moved, shift) => (shift.end <= offset ? moved + shift.delta : moved), offset);
  return { text: renamed, moveOffset };
}

/**
 * Move one chunk's redactions into the run's vault. Each chunk is scanned with a fresh vault (on
 * whichever worker thread), so its placeholders restart at 1; this maps them to the run's
 * placeholders, giving the same original value the same placeholder across the whole run.
 * Placeholders added to `vault` are pushed to `appended` (to take them back if the file fails);
 * pass the run's `numbering` to every call of a run. `moveOffset` carries an offset into
 * `sanitized` (a scanner's span) over to the renamed text.
 *
 * @example
 * adoptChunkRedactions("Mail [REDACTED_EMAIL_ADDRESS_1]", [["[REDACTED_EMAIL_ADDRESS_1]", "a@b.io"]], runVault).text;
 */
export function adoptChunkRedactions(
  sanitized: string,
  entries: readonly VaultEntry[],
  vault: Vault,
  numbering: PlaceholderNumbering = new Map(),
  appended?: string[],
): RenamedText {
  return renamePlaceholders(sanitized, adoptEntries(entries, vault, numbering, appended));
}

/** {@link adoptChunkRedactions}, the renamed text alone. */
export function adoptRedactions(
  sanitized: string,
  entries: readonly VaultEntry[],
  vault: Vault,
  numbering: PlaceholderNumbering = new Map(),
  appended?: string[],
): string {
  return adoptChunkRedactions(sanitized, entries, vault, numbering, appended).text;
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
