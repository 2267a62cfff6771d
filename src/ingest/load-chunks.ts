import { dirname } from "node:path";
import { splitChunks } from "../../filters/split-chunks.js";
import { hashBytes, loadFile } from "../../loaders/load-file.js";
import { OutsideRootError, readConfined } from "./read-confined.js";

/** How every file of a run is loaded and split. */
export interface LoadSettings {
  chunkSize: number;
  chunkOverlap: number;
  /** JSON/JSONL field (dot path) or CSV column holding the text. */
  textField?: string;
}

/** One file to load: its path, its `metadata.source`, and the hash an earlier run recorded. */
export interface LoadRequest {
  path: string;
  source: string;
  /** The input root the walk found it in: reads are confined to it (default: the file's folder). */
  root?: string;
  /** SHA-256 a previous run (`resume`) finished this path with; equal content is not loaded. */
  previousHash?: string;
}

/** One chunk: the splitter's id, text and metadata. */
export interface ChunkRecord {
  id: string;
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** What loading one file gave: its chunks, "unchanged since the last run", or why it was skipped. */
export type FileLoad =
  | { kind: "unchanged"; hash: string }
  | { kind: "skipped"; bytes: number; hash?: string; reason: string; message: string }
  | {
      kind: "loaded";
      hash: string;
      loader: string;
      bytes: number;
      documents: number;
      warnings: string[];
      chunks: ChunkRecord[];
    };

/**
 * Read, hash, load and split one file. Never throws: an unreadable or unparsable file comes back
 * as `skipped` with its reason.
 *
 * @example
 * const loaded = await loadChunks({ path: "/docs/a.md", source: "a.md" }, { chunkSize: 1000, chunkOverlap: 0 });
 */
export async function loadChunks(request: LoadRequest, settings: LoadSettings): Promise<FileLoad> {
  let bytes: Buffer;
  try {
    bytes = await readConfined(request.path, request.root ?? dirname(request.path));
  } catch (error) {
    const message = `cannot read: ${(error as Error).message}`;
    const reason = error instanceof OutsideRootError ? "outside_root" : "read_error";
    return { kind: "skipped", bytes: 0, reason, message };
  }
  const hash = hashBytes(bytes);
  if (request.previousHash === hash) return { kind: "unchanged", hash };
  const outcome = await loadFile(request.path, {
    source: request.source,
    bytes,
    hash,
    ...(settings.textField ? { textField: settings.textField } : {}),
  });
  if (!outcome.ok) {
    const { reason, message } = outcome;
    return { kind: "skipped", bytes: bytes.length, hash, reason, message };
  }
  const chunks = splitChunks(outcome.documents, settings);
  return {
    kind: "loaded",
    hash,
    loader: outcome.loader,
    bytes: outcome.bytes,
    documents: outcome.documents.length,
    warnings: outcome.warnings,
    chunks,
  };
}
