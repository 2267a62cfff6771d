import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Document } from "@langchain/core/documents";
import { LoadError, type LoadErrorCode } from "./load-error.js";
import { loaderNameFor, loaders } from "./registry.js";
import type { LoaderName } from "./types.js";

/** The outcome of loading one file: documents, or the reason it was skipped. Never throws. */
export type FileLoadOutcome =
  | {
      ok: true;
      loader: LoaderName;
      documents: Document[];
      warnings: string[];
      bytes: number;
      /** SHA-256 of the file's bytes (hex); `--resume` compares it. */
      hash: string;
    }
  | { ok: false; reason: LoadErrorCode; message: string; bytes: number; hash?: string };

/** SHA-256 of bytes as hex. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Read and load one file by its extension. Every failure (unknown type, binary, bad encoding,
 * parse error, I/O error) becomes `{ ok: false, reason, message }` so a run never stops on one file.
 * A caller that already read and hashed the file passes `bytes` and their `hash` (SHA-256, hex).
 *
 * @example
 * const outcome = await loadFile("/data/docs/guide.md", { source: "guide.md" });
 * if (!outcome.ok) console.warn(outcome.source, outcome.message);
 */
export async function loadFile(
  path: string,
  context: { source: string; textField?: string; bytes?: Buffer; hash?: string },
): Promise<FileLoadOutcome> {
  const loaderName = loaderNameFor(path);
  if (!loaderName) {
    return { ok: false, reason: "unsupported_type", message: "unsupported file type", bytes: 0 };
  }
  let bytes: Buffer;
  try {
    bytes = context.bytes ?? (await readFile(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: "read_error", message: `cannot read: ${reason}`, bytes: 0 };
  }
  const hash = context.bytes && context.hash ? context.hash : hashBytes(bytes);
  try {
    const { documents, warnings } = await loaders[loaderName](bytes, {
      source: context.source,
      ...(context.textField ? { textField: context.textField } : {}),
    });
    return { ok: true, loader: loaderName, documents, warnings, bytes: bytes.length, hash };
  } catch (error) {
    if (error instanceof LoadError) {
      return { ok: false, reason: error.reason, message: error.message, bytes: bytes.length, hash };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: "parse_error", message: reason, bytes: bytes.length, hash };
  }
}
