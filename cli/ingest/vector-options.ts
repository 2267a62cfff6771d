import { Option } from "commander";
import type { Sink } from "../../src/ingest/sink.js";
import { UsageError } from "../run.js";

/** The vector-store flags of `ingest-cli`, as commander hands them over. */
export interface VectorCliOptions {
  to?: string;
  embeddings?: string;
  embeddingsKeyEnv?: string;
  cleanup: "none" | "incremental" | "full";
  recordManager?: string;
}

/** `--to`, `--embeddings`, `--embeddings-key-env`, `--cleanup`, `--record-manager`. */
export function vectorOptions(): Option[] {
  return [
    new Option("--to <uri>", "write kept chunks to a vector store: lancedb://<dir>?table=<name>"),
    new Option(
      "--embeddings <url#model>",
      "OpenAI-compatible embeddings endpoint and model for --to, e.g. http://127.0.0.1:11434/v1#nomic-embed-text",
    ),
    new Option(
      "--embeddings-key-env <var>",
      "environment variable holding the embeddings key",
    ).default("OPENAI_API_KEY"),
    new Option("--cleanup <mode>", "with --to: what earlier chunks to delete")
      .choices(["none", "incremental", "full"])
      .default("incremental"),
    new Option(
      "--record-manager <postgresql-url>",
      "with --to: keep the index record in PostgreSQL (default: a file beside the table)",
    ),
  ];
}

/** The sink `--to` names, or undefined for the JSONL files. */
export async function vectorSinkFromFlags(
  options: VectorCliOptions,
  scanners: unknown,
): Promise<{ sink?: Sink }> {
  if (options.to === undefined) {
    if (options.embeddings !== undefined) throw new UsageError("--embeddings needs --to");
    return {};
  }
  if (options.embeddings === undefined) {
    throw new UsageError("--to needs --embeddings <base_url>#<model>");
  }
  // Loaded on use: the vector store pulls in LangChain, which no other ingest run needs.
  const { openVectorSink } = await import("../../src/ingest/vector/open-vector-sink.js");
  const sink = await openVectorSink({
    to: options.to,
    embeddings: options.embeddings,
    ...(options.embeddingsKeyEnv ? { embeddingsKeyEnv: options.embeddingsKeyEnv } : {}),
    cleanup: options.cleanup,
    ...(options.recordManager ? { recordManagerUrl: options.recordManager } : {}),
    scanners,
    env: process.env,
  });
  return { sink };
}
