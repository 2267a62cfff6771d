import type { Vault } from "../scanners/vault.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The vault's placeholders, longest first so none shadows another in an alternation. */
export function vaultPlaceholders(vault: Vault): string[] {
  return vault
    .get()
    .map(([placeholder]) => placeholder)
    .filter((placeholder) => placeholder !== "")
    .sort((a, b) => b.length - a.length);
}

/** One pattern matching every placeholder of the vault, or undefined when it is empty. */
export function placeholderPattern(vault: Vault): RegExp | undefined {
  const placeholders = vaultPlaceholders(vault);
  if (placeholders.length === 0) return undefined;
  return new RegExp(placeholders.map(escapeRegExp).join("|"), "g");
}

/**
 * Put the vault's originals back in place of its placeholders, in one pass (an original that
 * happens to look like a placeholder is never replaced again).
 *
 * @example
 * vault.append(["[REDACTED_EMAIL_ADDRESS_1]", "jane@example.com"]);
 * restorePlaceholders(vault, "Write to [REDACTED_EMAIL_ADDRESS_1]"); // "Write to jane@example.com"
 */
export function restorePlaceholders(vault: Vault, text: string): string {
  const pattern = placeholderPattern(vault);
  if (pattern === undefined || text === "") return text;
  return text.replace(pattern, (placeholder) => vault.lookup(placeholder) ?? placeholder);
}

/** An original as a pattern; a word-like edge must not touch another letter or digit. */
function originalPattern(original: string): string {
  const start = /^[\p{L}\p{N}]/u.test(original) ? "(?<![\\p{L}\\p{N}])" : "";
  const end = /[\p{L}\p{N}]$/u.test(original) ? "(?![\\p{L}\\p{N}])" : "";
  return `${start}${escapeRegExp(original)}${end}`;
}

/**
 * The reverse of {@link restorePlaceholders}: every known original in `text` becomes its
 * placeholder again, so values restored into earlier answers never travel back to the model.
 */
export function redactOriginals(vault: Vault, text: string): string {
  const originals = [...new Set(vault.get().map(([, original]) => original))]
    .filter((original) => original !== "")
    .sort((a, b) => b.length - a.length);
  if (originals.length === 0 || text === "") return text;
  const pattern = new RegExp(originals.map(originalPattern).join("|"), "gu");
  return text.replace(pattern, (original) => vault.placeholderFor(original) ?? original);
}
