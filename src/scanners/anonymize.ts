import type { Faker } from "@faker-js/faker";
import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import {
  type PiiEntityType,
  type PiiMatch,
  piiEntityTypes,
} from "../detectors/pii/entity-types.js";
import {
  findPii,
  loadedPiiResources,
  loadPiiResources,
  needsPiiResources,
  resolveOverlaps,
} from "../detectors/pii/find-pii.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { loadFaker } from "./fake-values.js";
import { parseScannerOptions } from "./parse-options.js";
import { assignReplacements, replaceLeftovers } from "./replacements.js";
import { Vault } from "./vault.js";

export const anonymizeOptionsSchema = z
  .object({
    /** Which entity types to detect (default: all of them). */
    entityTypes: z
      .array(z.enum(piiEntityTypes))
      .min(1)
      .default([...piiEntityTypes]),
    /** Names (people, projects, clients) always redacted, as `[REDACTED_CUSTOM_<n>]`. */
    hiddenNames: z.array(z.string().trim().min(1)).default([]),
    /** Values never redacted, compared case-insensitively (a company's own support address). */
    allowedNames: z.array(z.string().trim().min(1)).default([]),
    /** Text put before the sanitized prompt when anything was redacted. */
    preamble: z.string().default(""),
    /** Replace values with realistic fakes instead of `[REDACTED_<TYPE>_<n>]` placeholders. */
    useFaker: z.boolean().default(false),
    /** Minimum detector confidence for a value to be redacted. */
    threshold: z.number().min(0).max(1).default(0.5),
  })
  .strict();

export type AnonymizeOptions = z.input<typeof anonymizeOptionsSchema>;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One case-insensitive, whole-word pattern for all hidden names, longest first. */
function compileHiddenNames(names: readonly string[]): RegExp | undefined {
  if (names.length === 0) return undefined;
  const alternatives = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "giu");
}

function findHiddenNames(text: string, pattern: RegExp | undefined): PiiMatch[] {
  if (!pattern) return [];
  return [...text.matchAll(pattern)].map((match) => ({
    type: "CUSTOM" as const,
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
    score: 1,
  }));
}

/**
 * Replace personal data with placeholders (`[REDACTED_PERSON_1]`) or realistic fakes, storing
 * each (placeholder, original) pair in `vault` so that {@link Deanonymize} can restore them. The
 * same value always gets the same placeholder within a vault. A text with anything redacted is
 * invalid and scores the highest detector confidence, as in LLM Guard.
 *
 * Construction is cheap (one per request is fine): the name lexicon, phone metadata and faker
 * load once per process, on the first scan that needs them.
 *
 * @example
 * const vault = new Vault();
 * const { sanitized } = await new Anonymize(vault).scan("I'm John Smith, mail john@acme.io");
 * // "I'm [REDACTED_PERSON_1], mail [REDACTED_EMAIL_ADDRESS_1]"
 */
export class Anonymize implements Scanner {
  readonly name = "Anonymize";
  readonly #vault: Vault;
  readonly #options: z.output<typeof anonymizeOptionsSchema>;
  readonly #hiddenNames: RegExp | undefined;
  readonly #allowed: ReadonlySet<string>;
  readonly #entityTypes: ReadonlySet<PiiEntityType>;
  readonly #needsResources: boolean;

  /**
   * Load the name lexicon and phone metadata now (about 0.2 s of CPU) instead of on the first scan; a
   * server can await it before reporting ready.
   */
  static async preload(): Promise<void> {
    await loadPiiResources();
  }

  constructor(vault: Vault, options: AnonymizeOptions = {}) {
    if (!(vault instanceof Vault))
      throw new ConfigError("Anonymize: the first argument must be a Vault");
    this.#vault = vault;
    this.#options = parseScannerOptions(anonymizeOptionsSchema, options, "Anonymize");
    this.#hiddenNames = compileHiddenNames(this.#options.hiddenNames);
    this.#allowed = new Set(this.#options.allowedNames.map((name) => name.toLowerCase()));
    this.#entityTypes = new Set(this.#options.entityTypes);
    this.#needsResources = needsPiiResources(this.#entityTypes);
  }

  async scan(text: string): Promise<ScanResult> {
    const { threshold, useFaker, preamble } = this.#options;
    const resources = this.#needsResources
      ? (loadedPiiResources() ?? (await loadPiiResources()))
      : undefined;
    const found = findPii(text, this.#entityTypes, resources, threshold);
    const allowed = this.#allowed;
    const detected =
      allowed.size === 0 ? found : found.filter((match) => !allowed.has(match.text.toLowerCase()));
    // findPii's matches are already resolved (and dropping some keeps them apart): only hidden
    // names can overlap them.
    const matches = this.#hiddenNames
      ? resolveOverlaps([...findHiddenNames(text, this.#hiddenNames), ...detected])
      : detected;
    if (matches.length === 0) return { sanitized: text, valid: true, score: 0 };
    const faker: Faker | undefined = useFaker ? await loadFaker() : undefined;
    const replacements = assignReplacements(matches, this.#vault, faker);
    let sanitized = "";
    let cursor = 0;
    for (const match of matches) {
      sanitized += text.slice(cursor, match.start) + replacements.get(match.text)!;
      cursor = match.end;
    }
    sanitized = replaceLeftovers(sanitized + text.slice(cursor), replacements);
    const score = Math.max(...matches.map((match) => match.score));
    return { sanitized: preamble + sanitized, valid: false, score };
  }
}
