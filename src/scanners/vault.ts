import { ValidationError } from "../common/errors.js";

/** One redaction: the placeholder written into the text and the original value it replaced. */
export type VaultEntry = readonly [placeholder: string, original: string];

/**
 * The store of (placeholder, original) pairs that `Anonymize` fills and `Deanonymize` reads.
 * Make one per conversation or request; nothing is shared between vaults.
 *
 * @example
 * const vault = new Vault();
 * const [sanitized] = await scanPrompt([new Anonymize(vault)], "Mail jane@example.com");
 * const restored = new Deanonymize(vault).restore(modelAnswer);
 */
export class Vault {
  readonly #entries = new Map<string, string>();
  readonly #byOriginal = new Map<string, string>();

  /** Add one pair; an existing placeholder keeps its first original. */
  append(entry: VaultEntry): void {
    const [placeholder, original] = entry;
    if (this.#entries.has(placeholder)) return;
    this.#entries.set(placeholder, original);
    if (!this.#byOriginal.has(original)) this.#byOriginal.set(original, placeholder);
  }

  /** Add many pairs. */
  extend(entries: Iterable<VaultEntry>): void {
    for (const entry of entries) this.append(entry);
  }

  /** Remove a pair by placeholder. */
  remove(placeholder: string): boolean {
    const original = this.#entries.get(placeholder);
    if (original === undefined) return false;
    this.#entries.delete(placeholder);
    if (this.#byOriginal.get(original) === placeholder) this.#byOriginal.delete(original);
    return true;
  }

  /** All pairs in insertion order. */
  get(): VaultEntry[] {
    return [...this.#entries];
  }

  /** The original for a placeholder. */
  lookup(placeholder: string): string | undefined {
    return this.#entries.get(placeholder);
  }

  /** The placeholder already given to an original value, if any. */
  placeholderFor(original: string): string | undefined {
    return this.#byOriginal.get(original);
  }

  placeholderExists(placeholder: string): boolean {
    return this.#entries.has(placeholder);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Serialisable form: `{ "entries": [[placeholder, original], ...] }`. */
  toJSON(): { entries: VaultEntry[] } {
    return { entries: this.get() };
  }

  /** Rebuild a vault from {@link Vault.toJSON} output. */
  static fromJSON(value: unknown): Vault {
    const entries = (value as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(entries)) throw new ValidationError("Vault JSON must have an entries array");
    const vault = new Vault();
    for (const [index, entry] of entries.entries()) {
      if (
        !Array.isArray(entry) ||
        entry.length !== 2 ||
        typeof entry[0] !== "string" ||
        typeof entry[1] !== "string"
      ) {
        throw new ValidationError(`Vault JSON entries[${index}] must be [placeholder, original]`);
      }
      vault.append([entry[0], entry[1]]);
    }
    return vault;
  }
}
