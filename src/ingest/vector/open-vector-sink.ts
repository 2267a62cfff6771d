import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { ConfigError } from "../../common/errors.js";
import { packageVersion } from "../../common/version.js";
import type { Sink } from "../sink.js";
import { OpenAICompatibleEmbeddings } from "./embeddings.js";
import { FileRecordManager } from "./file-record-manager.js";
import { LanceDbStore } from "./lancedb-store.js";
import { PostgresRecordManager } from "./postgres-record-manager.js";
import { type CleanupMode, createVectorSink } from "./vector-sink.js";

export interface VectorSinkSpec {
  /** `lancedb://<dir>?table=<name>` (table default `chunks`). */
  to: string;
  /** `<base_url>#<model>` of an OpenAI-compatible embeddings endpoint. */
  embeddings: string;
  /** Environment variable holding the embeddings key (default `OPENAI_API_KEY`). */
  embeddingsKeyEnv?: string;
  cleanup?: CleanupMode;
  /** `postgresql://…` for a shared record; default a file beside the table. */
  recordManagerUrl?: string;
  /** The scanner set, part of the detector version every chunk is recorded with. */
  scanners: unknown;
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
}

/** `lancedb://<dir>?table=<name>` → the folder and table; a clear error otherwise. */
export function parseLanceDbUri(uri: string): { dir: string; table: string } {
  const match = /^lancedb:\/\/([^?]+)(?:\?(.*))?$/.exec(uri);
  if (match === null) {
    throw new ConfigError(`--to ${uri}: expected lancedb://<dir>?table=<name>`);
  }
  const params = new URLSearchParams(match[2] ?? "");
  const table = params.get("table") ?? "chunks";
  if (!/^[A-Za-z0-9_.-]+$/.test(table)) {
    throw new ConfigError(`--to ${uri}: table must be letters, digits, '_', '.' or '-'`);
  }
  return { dir: resolve(match[1]!), table };
}

/** `<base_url>#<model>` → its parts; a clear error otherwise. */
export function parseEmbeddingsSpec(spec: string): { baseUrl: string; model: string } {
  const hash = spec.lastIndexOf("#");
  const baseUrl = hash < 0 ? "" : spec.slice(0, hash);
  const model = hash < 0 ? "" : spec.slice(hash + 1);
  if (!/^https?:\/\/[^/]/.test(baseUrl) || model === "") {
    throw new ConfigError(
      `--embeddings ${spec}: expected <base_url>#<model>, e.g. http://127.0.0.1:4000/v1#text-embedding-3-small`,
    );
  }
  return { baseUrl, model };
}

/**
 * The version every indexed chunk records: the package version and a hash of the scanner set.
 * A new release (new detector weights) or another scanner configuration re-indexes the chunks.
 */
export function detectorVersion(scanners: unknown): string {
  const hash = createHash("sha256")
    .update(JSON.stringify(scanners ?? null))
    .digest("hex");
  return `${packageVersion}+${hash.slice(0, 12)}`;
}

/**
 * Open the sink `--to lancedb://…` names: a LanceDB table fed through an OpenAI-compatible
 * embeddings endpoint, recorded in a file beside the table (or in PostgreSQL). `summary()` gives
 * what was added, skipped and deleted and the embeddings requests made, for the report.
 */
export async function openVectorSink(spec: VectorSinkSpec): Promise<Sink> {
  const { dir, table } = parseLanceDbUri(spec.to);
  const { baseUrl, model } = parseEmbeddingsSpec(spec.embeddings);
  const keyEnv = spec.embeddingsKeyEnv ?? "OPENAI_API_KEY";
  const apiKey = spec.env[keyEnv];
  const embeddings = new OpenAICompatibleEmbeddings({
    baseUrl,
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(spec.fetch ? { fetch: spec.fetch } : {}),
  });
  const vectorStore = await LanceDbStore.open(dir, table, embeddings);
  const namespace = `lancedb://${dir}?table=${table}`;
  let pool: import("pg").Pool | undefined;
  let recordManager: FileRecordManager | PostgresRecordManager;
  if (spec.recordManagerUrl !== undefined) {
    const { default: pg } = await import("pg");
    pool = new pg.Pool({ connectionString: spec.recordManagerUrl, max: 2 });
    recordManager = new PostgresRecordManager(pool, namespace);
  } else {
    recordManager = new FileRecordManager(join(dir, `${table}.records.json`));
  }
  const sink = createVectorSink({
    vectorStore,
    recordManager,
    cleanup: spec.cleanup ?? "incremental",
    detectorVersion: detectorVersion(spec.scanners),
    uri: namespace,
  });
  const close = async () => {
    await pool?.end();
  };
  return {
    ...sink,
    async commit() {
      try {
        return await sink.commit();
      } finally {
        await close();
      }
    },
    async abort() {
      try {
        await sink.abort();
      } finally {
        await close();
      }
    },
    summary: () => ({
      vector_store: namespace,
      cleanup: spec.cleanup ?? "incremental",
      ...sink.stats,
      embeddings: { model, ...embeddings.stats },
    }),
  };
}
