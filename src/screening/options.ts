import { z } from "zod";
import type { Logger } from "../common/logger.js";
import { parseConfig } from "../common/parse-config.js";
import type { Scanner } from "../scan/scanner.js";
import { Vault } from "../scanners/vault.js";

function isScanner(value: unknown): value is Scanner {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { name?: unknown; scan?: unknown };
  return typeof candidate.name === "string" && typeof candidate.scan === "function";
}

function isLogger(value: unknown): value is Logger {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ["debug", "info", "warn", "error"].every(
    (level) => typeof candidate[level] === "function",
  );
}

export const scannerSchema = z.custom<Scanner>(isScanner, {
  message: "must be a Scanner: an object with a string name and a scan(text) method",
});

/** A function that builds the scanners for one conversation's vault. */
export type ConversationScanners = (vault: Vault) => readonly Scanner[];

export const conversationScannersSchema = z.custom<ConversationScanners>(
  (value) => typeof value === "function",
  { message: "must be a function (vault) => Scanner[]" },
);

export const vaultSchema = z.instanceof(Vault, { message: "must be a Vault" });

export const loggerSchema = z.custom<Logger>(isLogger, {
  message: "must be a logger with debug, info, warn and error methods",
});

/** Validate screening options once, naming the entry point in the error. */
export function parseScreeningOptions<S extends z.ZodType>(
  schema: S,
  value: unknown,
  source: string,
): z.output<S> {
  return parseConfig(schema, value ?? {}, source);
}
