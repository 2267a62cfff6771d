import { createHash } from "node:crypto";
import { z } from "zod";
import { findSecrets } from "../detectors/secrets/find-secrets.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { parseScannerOptions } from "./parse-options.js";

/** `all`: `******`; `partial`: first and last two characters kept; `hash`: a SHA-256 fingerprint. */
export const secretRedactModes = ["all", "partial", "hash"] as const;
export type SecretRedactMode = (typeof secretRedactModes)[number];

export const secretsOptionsSchema = z
  .object({ redactMode: z.enum(secretRedactModes).default("all") })
  .strict();

export type SecretsOptions = z.input<typeof secretsOptionsSchema>;

/** The replacement written for one secret value. */
export function redactSecret(value: string, mode: SecretRedactMode): string {
  switch (mode) {
    case "all":
      return "******";
    case "partial":
      return value.length <= 8 ? "******" : `${value.slice(0, 2)}...${value.slice(-2)}`;
    case "hash":
      return createHash("sha256").update(value).digest("hex").slice(0, 32);
  }
}

/**
 * Find API keys and tokens of the common providers (AWS, GitHub, GitLab, Slack, Stripe, OpenAI,
 * Anthropic, Google, Hugging Face, npm, ...), private keys, JWTs and connection strings with
 * passwords; redact them and report the text invalid with score 1.0.
 *
 * @example
 * new Secrets({ redactMode: "partial" }).scan("key AKIAIOSFODNN7EXAMPLE"); // "key AK...LE", invalid
 */
export class Secrets implements Scanner {
  readonly name = "Secrets";
  readonly #redactMode: SecretRedactMode;

  constructor(options: SecretsOptions = {}) {
    this.#redactMode = parseScannerOptions(secretsOptionsSchema, options, "Secrets").redactMode;
  }

  scan(text: string): ScanResult {
    const secrets = findSecrets(text);
    if (secrets.length === 0) return { sanitized: text, valid: true, score: 0 };
    let sanitized = "";
    let cursor = 0;
    for (const secret of secrets) {
      sanitized += text.slice(cursor, secret.start) + redactSecret(secret.value, this.#redactMode);
      cursor = secret.end;
    }
    return { sanitized: sanitized + text.slice(cursor), valid: false, score: 1 };
  }
}
