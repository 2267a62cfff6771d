import { availableParallelism } from "node:os";
import { Option } from "commander";
import { parseList, UsageError } from "../run.js";
import { type VectorCliOptions, vectorOptions } from "./vector-options.js";

/** Options of `ingest-cli` / `ragguard ingest`, as commander hands them over. */
export interface IngestCliOptions extends VectorCliOptions {
  out: string;
  chunkSize: number;
  chunkOverlap: number;
  include?: string[];
  exclude?: string[];
  textField?: string;
  scanners?: string[];
  config?: string;
  guardUrl?: string;
  guardToken?: string;
  workers: number;
  dropPii: boolean;
  vault?: string;
  resume: boolean;
  json: boolean;
  quiet: boolean;
  pageContentKey: "page_content" | "pageContent";
  flatMetadata: boolean;
  htmlReport: boolean;
  queue?: string;
  queuePrefix: string;
  runId?: string;
  wait: boolean;
  attempts: number;
  backoff: number;
}

function parseInteger(name: string, min: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) {
      throw new UsageError(`${name} must be an integer >= ${min}, got "${value}"`);
    }
    return parsed;
  };
}

/** Comma-separated and repeatable: `--include "**\/*.md,**\/*.txt" --include docs/**`. */
function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...parseList(value)];
}

/** Every option of the ingest command, with defaults. */
export function ingestOptions(): Option[] {
  return [
    new Option("-o, --out <dir>", "output directory").default("ragguard-out"),
    new Option("--chunk-size <chars>", "maximum characters per chunk")
      .argParser(parseInteger("--chunk-size", 1))
      .default(1000),
    new Option("--chunk-overlap <chars>", "characters shared by neighbouring chunks")
      .argParser(parseInteger("--chunk-overlap", 0))
      .default(0),
    new Option(
      "--include <globs>",
      "only files matching these globs (comma-separated, repeatable)",
    ).argParser(collectList),
    new Option(
      "--exclude <globs>",
      "skip files matching these globs (comma-separated, repeatable)",
    ).argParser(collectList),
    new Option(
      "--text-field <field>",
      "JSON/JSONL field (dot path) or CSV column holding the text",
    ),
    new Option(
      "--scanners <names>",
      "scanner types to run, in order (default: InvisibleText,Secrets,Anonymize,Toxicity,PromptInjection)",
    ).argParser(collectList),
    new Option(
      "--config <file>",
      "YAML file with `scanners:` (or `input_scanners:`) [{type, params}] and optional `ignore_invalid:`",
    ),
    new Option(
      "--guard-url <url>",
      "scan through a guard API (POST <url>/analyze/prompt) instead of in-process",
    ),
    new Option("--guard-token <token>", "bearer token for --guard-url").env("RAGGUARD_GUARD_TOKEN"),
    new Option(
      "--workers <n>",
      "scanning threads (0: in this process; with --guard-url: requests in flight)",
    )
      .argParser(parseInteger("--workers", 0))
      .default(availableParallelism(), "number of cores"),
    new Option("--drop-pii", "drop chunks with personal data instead of redacting them").default(
      false,
    ),
    new Option(
      "--vault <file>",
      "load and save the run's vault (placeholder -> original) here, mode 0600",
    ),
    new Option(
      "--resume",
      "skip files whose content hash an earlier run in --out already finished",
    ).default(false),
    new Option(
      "--page-content-key <key>",
      "JSONL field of the chunk text (pageContent: LangChain JS)",
    )
      .choices(["page_content", "pageContent"])
      .default("page_content"),
    new Option("--flat-metadata", "scalar metadata only (dotted keys, lists as JSON)").default(
      false,
    ),
    new Option("--no-html-report", "do not write report.html beside report.json"),
    new Option("--json", "print report.json on stdout instead of the summary").default(false),
    new Option("-q, --quiet", "no progress bar, summary or warnings").default(false),
    ...vectorOptions(),
    new Option("--queue <redis-url>", "queue one job per file for `ragguard ingest-worker`s"),
    new Option("--queue-prefix <prefix>", "Redis key prefix of the queue").default("ragguard"),
    new Option("--run-id <id>", "with --queue: follow (and re-enqueue) this run"),
    new Option("--no-wait", "with --queue: enqueue, print the run id and exit"),
    new Option("--attempts <n>", "with --queue: tries per file before it is a dead letter")
      .argParser(parseInteger("--attempts", 1))
      .default(3),
    new Option("--backoff <ms>", "with --queue: first retry delay, doubled each time")
      .argParser(parseInteger("--backoff", 0))
      .default(1000),
  ];
}
