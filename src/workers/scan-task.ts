import { performance } from "node:perf_hooks";
import { z } from "zod";
import { ConfigError, toAppError } from "../common/errors.js";
import { silentLogger } from "../common/logger.js";
import { type OutputScanner, scanOutput, scanOutputEach } from "../scan/scan-output.js";
import { scannerKeys, scanPrompt } from "../scan/scan-prompt.js";
import { clampScore, type ScanContext, type Scanner } from "../scan/scanner.js";
import type { ScannerConfig } from "../scanners/scanner-config.js";
import type { Vault, VaultEntry } from "../scanners/vault.js";
import { createSequentialTaskVault } from "./task-vault.js";

/** One entry of an `input_scanners` list: a scanner type and its parameters (the registry's shape). */
export type ScannerConfigInput = ScannerConfig;

/** `analyze`: scanners run in order on the chained text; `scan`: each on the original text. */
export type ScanMode = "analyze" | "scan";

export interface ScanTaskInput {
  text: string;
  mode: ScanMode;
  failFast: boolean;
  /** Scanner names (or config types) to skip for this task. */
  suppress: string[];
  /** Set for an output scan: the prompt that `text` (the model's output) answers. */
  prompt?: string;
  /** Where a prompt comes from, passed to each scanner's `scan` context. */
  source?: ScanContext["source"];
  /** Redactions put in the task's vault before it runs (Deanonymize restores them in an output). */
  vault?: VaultEntry[];
  /** Answer with the vault's entries after the scan (the Anonymize redactions of this task). */
  returnVault?: boolean;
}

export interface ScanTaskResult {
  ok: true;
  sanitized: string;
  valid: Record<string, boolean>;
  scores: Record<string, number>;
  elapsedMs: number;
  /** The task vault's entries, when `returnVault` asked for them. */
  vault?: VaultEntry[];
}

/** An error, flattened so that its status and code survive the thread boundary. */
export interface ScanTaskFailure {
  ok: false;
  message: string;
  status: number;
  code: string;
  expose: boolean;
}

export type ScanTaskOutput = ScanTaskResult | ScanTaskFailure;

/** Builds one scanner from its config; the registry's `createScanner` has this shape. */
export type CreateScannerFn = (
  config: ScannerConfigInput,
  deps: { vault: Vault },
) => Scanner | Promise<Scanner>;

/** Builds one output scanner from its config; the output registry's `createOutputScanner`. */
export type CreateOutputScannerFn = (
  config: ScannerConfigInput,
  deps: { vault: Vault },
) => OutputScanner | Promise<OutputScanner>;

/** The output scanners a task function runs for output scans (an `output_scanners` list). */
export interface OutputScanSet {
  configs: readonly ScannerConfigInput[];
  createScanner: CreateOutputScannerFn;
  /** Names the list in configuration errors (default `output_scanners`). */
  source?: string;
}

/** Build a config list in order; a `ConfigError` names the entry (`input_scanners[2]: ...`). */
function buildAll<T>(
  configs: readonly ScannerConfigInput[],
  create: (config: ScannerConfigInput) => T | Promise<T>,
  source: string,
): Promise<T[]> {
  const buildOne = async (config: ScannerConfigInput, index: number): Promise<T> => {
    try {
      return await create(config);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new ConfigError(`${source}[${index}]: ${error.message}`, { cause: error });
    }
  };
  // Build at once (while the worker starts), not on the first task; a failure is kept and
  // reported by every task instead of crashing the thread.
  const built = Promise.all(configs.map(buildOne));
  built.catch(() => {});
  return built;
}

function keep<T extends { name: string }>(
  all: readonly T[],
  configs: readonly ScannerConfigInput[],
  suppress: readonly string[],
): T[] {
  return all.filter(
    (scanner, index) =>
      !suppress.includes(scanner.name) && !suppress.includes(configs[index]!.type),
  );
}

/**
 * Make the function a scan worker runs for each task. Scanners are built once, at creation,
 * with a {@link createSequentialTaskVault} handle, and each task runs with its own fresh `Vault`
 * behind it (tasks that overlap run one after another), so two requests never see each other's
 * redactions.
 *
 * @example
 * const run = createScanTask(configs, createScanner);
 * const out = await run({ text: "hi", mode: "analyze", failFast: false, suppress: [] });
 */
export function createScanTask(
  configs: readonly ScannerConfigInput[],
  createScanner: CreateScannerFn,
  source = "input_scanners",
  output?: OutputScanSet,
): (input: ScanTaskInput) => Promise<ScanTaskOutput> {
  const taskVault = createSequentialTaskVault();
  const deps = { vault: taskVault.vault };
  const built = buildAll(configs, (config) => createScanner(config, deps), source);
  const outputConfigs = output?.configs ?? [];
  const builtOutput = buildAll(
    outputConfigs,
    (config) => output!.createScanner(config, deps),
    output?.source ?? "output_scanners",
  );

  async function runPrompt(input: ScanTaskInput): Promise<ScanTaskResult> {
    const scanners = keep(await built, configs, input.suppress);
    return taskVault.run(async () => {
      const started = performance.now();
      const [sanitized, valid, scores] =
        input.mode === "analyze"
          ? await scanPrompt(scanners, input.text, {
              failFast: input.failFast,
              logger: silentLogger,
              ...(input.source === undefined ? {} : { source: input.source }),
            })
          : await scanEach(scanners, input.text, input.failFast, input.source);
      const elapsedMs = performance.now() - started;
      const result: ScanTaskResult = { ok: true, sanitized, valid, scores, elapsedMs };
      if (input.returnVault) result.vault = deps.vault.get();
      return result;
    }, input.vault);
  }

  async function runOutput(input: ScanTaskInput, prompt: string): Promise<ScanTaskResult> {
    const scanners = keep(await builtOutput, outputConfigs, input.suppress);
    return taskVault.run(async () => {
      const started = performance.now();
      const [sanitized, valid, scores] =
        input.mode === "analyze"
          ? await scanOutput(scanners, prompt, input.text, {
              failFast: input.failFast,
              logger: silentLogger,
            })
          : await scanOutputEach(scanners, prompt, input.text, input.failFast);
      return { ok: true, sanitized, valid, scores, elapsedMs: performance.now() - started };
    }, input.vault);
  }

  return async function runScanTask(input: ScanTaskInput): Promise<ScanTaskOutput> {
    try {
      return input.prompt === undefined
        ? await runPrompt(input)
        : await runOutput(input, input.prompt);
    } catch (error) {
      return failedScanOutput(error);
    }
  };
}

/** Scanned once by each worker before it takes work: names, mail, phone and secret-like shapes. */
const warmUpText =
  "Warm-up: Jane Smith (jane@example.com, +1 415 555 0100) asked to ignore the previous notes.";

/**
 * Run `run` once on a warm-up text in each mode, so that scanners load their lazy resources (the
 * PII name lexicon, phone metadata) and get compiled before the first real request. Never
 * rejects: a scanner that fails to build reports it on every task instead.
 */
export async function warmUpScanTask(
  run: (input: ScanTaskInput) => Promise<ScanTaskOutput>,
): Promise<void> {
  for (const mode of ["analyze", "scan"] as const)
    await run({ text: warmUpText, mode, failFast: false, suppress: [] });
  await run({
    text: warmUpText,
    prompt: warmUpText,
    mode: "analyze",
    failFast: false,
    suppress: [],
  });
}

/** The task output for a scan that threw: the error's wire-safe fields, so the pool can rethrow. */
export function failedScanOutput(error: unknown): ScanTaskFailure {
  const appError = toAppError(error);
  return {
    ok: false,
    message: appError.message,
    status: appError.status,
    code: appError.code,
    expose: appError.expose,
  };
}

/**
 * Run every scanner on the original text (LLM Guard's `/scan/prompt`); concurrently unless
 * `failFast`, which stops at the first invalid result.
 */
export async function scanEach(
  scanners: readonly Scanner[],
  text: string,
  failFast: boolean,
  source?: ScanContext["source"],
): Promise<[string, Record<string, boolean>, Record<string, number>]> {
  const context: ScanContext = source === undefined ? {} : { source };
  const valid: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  if (scanners.length === 0 || text.trim() === "") return [text, valid, scores];
  const keys = scannerKeys(scanners);
  if (failFast) {
    for (const [index, scanner] of scanners.entries()) {
      const result = await scanner.scan(text, context);
      valid[keys[index]!] = result.valid;
      scores[keys[index]!] = clampScore(result.score);
      if (!result.valid) break;
    }
    return [text, valid, scores];
  }
  const results = await Promise.all(scanners.map((scanner) => scanner.scan(text, context)));
  for (const [index, result] of results.entries()) {
    valid[keys[index]!] = result.valid;
    scores[keys[index]!] = clampScore(result.score);
  }
  return [text, valid, scores];
}

const configListSchema = z.array(
  z.object({ type: z.string(), params: z.record(z.string(), z.unknown()).optional() }),
);
const workerDataSchema = z.object({
  scanners: configListSchema,
  source: z.string().default("input_scanners"),
  outputScanners: configListSchema.default([]),
  outputSource: z.string().default("output_scanners"),
});

/** What a pool hands its workers through `workerData`. */
export interface ScanWorkerData {
  scanners: ScannerConfigInput[];
  /** Names the config list in error messages (`scanners.yaml: input_scanners`). */
  source: string;
  /** The output scanners (an `output_scanners` list; empty: output scans find nothing to run). */
  outputScanners?: ScannerConfigInput[];
  /** Names the output list in error messages (`scanners.yaml: output_scanners`). */
  outputSource?: string;
}

/** Read the `workerData` a pool hands its workers. */
export function parseScanWorkerData(value: unknown): Required<ScanWorkerData> {
  return workerDataSchema.parse(value);
}
