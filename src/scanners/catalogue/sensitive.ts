import { z } from "zod";
import { type PiiEntityType, piiEntityTypes } from "../../detectors/pii/entity-types.js";
import {
  findPii,
  loadedPiiResources,
  loadPiiResources,
  needsPiiResources,
} from "../../detectors/pii/find-pii.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";

export const sensitiveOptionsSchema = z
  .object({
    /** Which entity types to look for (default: all of them). */
    entityTypes: z
      .array(z.enum(piiEntityTypes))
      .min(1)
      .default([...piiEntityTypes]),
    /** Replace each value found with `[REDACTED_<TYPE>]`. */
    redact: z.boolean().default(false),
    /** Minimum detector confidence for a value to count. */
    threshold: z.number().min(0).max(1).default(0.5),
  })
  .strict();

export type SensitiveOptions = z.input<typeof sensitiveOptionsSchema>;

/**
 * LLM Guard's Sensitive, output scanner: personal data in a model's output (the same recognizers
 * as {@link Anonymize}, without a vault) makes it invalid with the highest confidence found as the
 * score; `redact` replaces the values with `[REDACTED_<TYPE>]`.
 *
 * @example
 * await new Sensitive({ redact: true }).scan("Her e-mail is jane@example.com"); // "Her e-mail is [REDACTED_EMAIL_ADDRESS]"
 */
export class Sensitive implements Scanner {
  readonly name = "Sensitive";
  readonly #options: z.output<typeof sensitiveOptionsSchema>;
  readonly #types: ReadonlySet<PiiEntityType>;
  readonly #needsResources: boolean;

  constructor(options: SensitiveOptions = {}) {
    this.#options = parseScannerOptions(sensitiveOptionsSchema, options, "Sensitive");
    this.#types = new Set(this.#options.entityTypes);
    this.#needsResources = needsPiiResources(this.#types);
  }

  async scan(text: string): Promise<ScanResult> {
    const resources = this.#needsResources
      ? (loadedPiiResources() ?? (await loadPiiResources()))
      : undefined;
    const matches = findPii(text, this.#types, resources, this.#options.threshold);
    if (matches.length === 0) return { sanitized: text, valid: true, score: 0 };
    let sanitized = text;
    if (this.#options.redact) {
      sanitized = "";
      let cursor = 0;
      for (const match of matches) {
        sanitized += `${text.slice(cursor, match.start)}[REDACTED_${match.type}]`;
        cursor = match.end;
      }
      sanitized += text.slice(cursor);
    }
    return { sanitized, valid: false, score: Math.max(...matches.map((match) => match.score)) };
  }
}
