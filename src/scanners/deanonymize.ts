import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { parseScannerOptions } from "./parse-options.js";
import { Vault } from "./vault.js";

/** `exact`: placeholders as written; `case_insensitive`: also `[redacted_person_1]` and without brackets. */
export const deanonymizeMatchingStrategies = ["exact", "case_insensitive"] as const;
export type DeanonymizeMatchingStrategy = (typeof deanonymizeMatchingStrategies)[number];

export const deanonymizeOptionsSchema = z
  .object({ matchingStrategy: z.enum(deanonymizeMatchingStrategies).default("case_insensitive") })
  .strict();

export type DeanonymizeOptions = z.input<typeof deanonymizeOptionsSchema>;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Brackets a model may drop: `[REDACTED_PERSON_1]` also matches `REDACTED_PERSON_1`. */
function loosePattern(placeholder: string): string {
  const bracketed = /^\[(.+)\]$/.exec(placeholder);
  if (!bracketed) return escapeRegExp(placeholder);
  return `\\[?${escapeRegExp(bracketed[1]!)}(?![0-9])\\]?`;
}

const normalize = (value: string): string => value.toLowerCase().replace(/^\[|\]$/g, "");

/**
 * Put the originals that {@link Anonymize} stored in `vault` back into a model's output. Use it as
 * an output scanner (`scan` never fails a text) or call {@link Deanonymize.restore} directly.
 *
 * @example
 * const vault = new Vault();
 * const [prompt] = await scanPrompt([new Anonymize(vault)], "Write to jane@example.com");
 * new Deanonymize(vault).restore("Sent to [REDACTED_EMAIL_ADDRESS_1]."); // "Sent to jane@example.com."
 */
export class Deanonymize implements Scanner {
  readonly name = "Deanonymize";
  readonly #vault: Vault;
  readonly #strategy: DeanonymizeMatchingStrategy;

  constructor(vault: Vault, options: DeanonymizeOptions = {}) {
    if (!(vault instanceof Vault))
      throw new ConfigError("Deanonymize: the first argument must be a Vault");
    this.#vault = vault;
    this.#strategy = parseScannerOptions(
      deanonymizeOptionsSchema,
      options,
      "Deanonymize",
    ).matchingStrategy;
  }

  /** `text` with every placeholder (or fake) found in the vault replaced by its original, in one pass. */
  restore(text: string): string {
    const entries = this.#vault.get().filter(([placeholder]) => placeholder !== "");
    if (entries.length === 0 || text === "") return text;
    const exact = this.#strategy === "exact";
    const originals = new Map(
      entries.map(([placeholder, original]) => [
        exact ? placeholder : normalize(placeholder),
        original,
      ]),
    );
    const alternatives = entries
      .map(([placeholder]) => placeholder)
      .sort((a, b) => b.length - a.length)
      .map((placeholder) => (exact ? escapeRegExp(placeholder) : loosePattern(placeholder)));
    const pattern = new RegExp(alternatives.join("|"), exact ? "g" : "gi");
    return text.replace(
      pattern,
      (found) => originals.get(exact ? found : normalize(found)) ?? found,
    );
  }

  scan(text: string): ScanResult {
    return { sanitized: this.restore(text), valid: true, score: 0 };
  }
}
