import { readFile } from "node:fs/promises";
import { splitChunks } from "../../filters/split-chunks.js";
import { splitterOptionsSchema } from "../../filters/splitter-options.js";
import { hashBytes, loadFile } from "../../loaders/load-file.js";
import { parseConfig } from "../../src/common/parse-config.js";
import type { FileLoad, LoadRequest, LoadSettings } from "./load-schemas.js";

// The wire types live apart (load-schemas) so the main thread of a worker run can check what
// crosses threads without importing every parser; they are re-exported here as before.
export * from "./load-schemas.js";

/**
 * Read, hash, load and split one file. Never throws: an unreadable or unparsable file comes back
 * as `skipped` with its reason. Runs on the main thread (`--workers 0`, `--guard-url`) or in an
 * ingest worker, so file bytes and parsed documents never cross a thread.
 *
 * @example
 * const loaded = await loadChunks({ path: "/docs/a.md", source: "a.md" }, { chunkSize: 1000, chunkOverlap: 0 });
 */
export async function loadChunks(request: LoadRequest, settings: LoadSettings): Promise<FileLoad> {
  let bytes: Buffer;
  try {
    bytes = await readFile(request.path);
  } catch (error) {
    const message = `cannot read: ${(error as Error).message}`;
    return { kind: "skipped", bytes: 0, reason: "read_error", message };
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
  // The splitter's own checks and chunks (`createSplitter().splitDocuments`), without LangChain.
  const sizes = parseConfig(
    splitterOptionsSchema,
    { chunkSize: settings.chunkSize, chunkOverlap: settings.chunkOverlap },
    "splitter",
  );
  const chunks = splitChunks(outcome.documents, sizes);
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
