import { randomBytes } from "node:crypto";
import { open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Temporary name beside `path`, so the final rename never crosses file systems. */
function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
}

/**
 * Remove temporary files that a killed run left beside `names` in `dir` (`.<name>.<pid>.<hex>.tmp`).
 * Only files of that exact shape are touched.
 */
export async function removeStaleTempFiles(dir: string, names: readonly string[]): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries) {
    const stale = names.some((name) => {
      const prefix = `.${name}.`;
      if (!entry.startsWith(prefix) || !entry.endsWith(".tmp")) return false;
      return /^\d+\.[0-9a-f]{8}$/.test(entry.slice(prefix.length, -".tmp".length));
    });
    if (stale) await rm(join(dir, entry), { force: true });
  }
}

/**
 * Write a whole file atomically: write a temporary file beside it, flush it to disk, rename it
 * over the target. Readers see the old file or the new one, never half of one.
 *
 * @example
 * await writeFileAtomic("out/report.json", JSON.stringify(report), { mode: 0o600 });
 */
export async function writeFileAtomic(
  path: string,
  content: string,
  options: { mode?: number } = {},
): Promise<void> {
  const temp = tempPathFor(path);
  const handle = await open(temp, "w", options.mode ?? 0o644);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Characters gathered before they are written to the file. */
const flushChars = 64 * 1024;

/** The one call of a `FileHandle` that {@link writeAllAt} makes. */
export interface PositionalWriter {
  write(
    data: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesWritten: number }>;
}

/**
 * Write all of `data` at `position`: one `write` may take only part of it (a disk filling up
 * takes what fits before it fails), and a short write left unnoticed would lose the tail of the
 * output once the file is renamed into place.
 */
export async function writeAllAt(
  file: PositionalWriter,
  data: Buffer,
  position: number,
): Promise<void> {
  for (let done = 0; done < data.length; ) {
    const { bytesWritten } = await file.write(data, done, data.length - done, position + done);
    if (bytesWritten <= 0) throw new Error(`short write: ${done} of ${data.length} bytes written`);
    done += bytesWritten;
  }
}

/** Where a line writer stood: {@link AtomicLineWriter.rollback} returns to it. */
export interface LineMark {
  readonly bytes: number;
  readonly lines: number;
}

/** A JSONL file written line by line into a temporary file and renamed into place on commit. */
export interface AtomicLineWriter {
  readonly path: string;
  /** Append one JSON value as a line. */
  writeJson(value: unknown): void;
  readonly lines: number;
  /** Resolves once the lines appended so far are in the temporary file (bounds what is buffered). */
  flushed(): Promise<void>;
  /** The current end of the output, to {@link AtomicLineWriter.rollback} to (e.g. a file's first line). */
  mark(): Promise<LineMark>;
  /** Drop every line appended after `mark` (a file that failed half-way leaves nothing behind). */
  rollback(mark: LineMark): Promise<void>;
  /** Flush, fsync and rename over `path`. */
  commit(): Promise<void>;
  /** Remove the temporary file and leave `path` as it was. */
  abort(): Promise<void>;
}

/**
 * Open an {@link AtomicLineWriter} for `path`.
 *
 * @example
 * const chunks = openLineWriter("out/chunks.jsonl");
 * chunks.writeJson({ id, page_content, metadata });
 * await chunks.commit();
 */
export function openLineWriter(path: string): AtomicLineWriter {
  const temp = tempPathFor(path);
  const handle = open(temp, "w");
  // A failed open or write surfaces on the next flushed/mark/commit; until then it must not crash.
  handle.catch(() => undefined);
  let lines = 0;
  // Lines are gathered and written ~64 KB at a time, one write after the other at `bytes`.
  let pending: string[] = [];
  let pendingChars = 0;
  let bytes = 0;
  let writes: Promise<void> = handle.then(() => undefined);
  const flush = (): Promise<void> => {
    if (pending.length > 0) {
      const data = Buffer.from(pending.join(""), "utf8");
      const position = bytes;
      bytes += data.length;
      pending = [];
      pendingChars = 0;
      writes = writes.then(async () => writeAllAt(await handle, data, position));
    }
    return writes;
  };
  const write = (line: string): void => {
    pending.push(line, "\n");
    pendingChars += line.length + 1;
    lines += 1;
    if (pendingChars >= flushChars) void flush().catch(() => undefined);
  };
  return {
    path,
    writeJson: (value) => write(JSON.stringify(value)),
    get lines() {
      return lines;
    },
    flushed: flush,
    async mark() {
      await flush();
      return { bytes, lines };
    },
    async rollback(mark) {
      pending = [];
      pendingChars = 0;
      await writes;
      await (await handle).truncate(mark.bytes);
      bytes = mark.bytes;
      lines = mark.lines;
    },
    async commit() {
      await flush();
      const file = await handle;
      try {
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, path);
    },
    async abort() {
      pending = [];
      await writes.catch(() => undefined);
      await (await handle.catch(() => undefined))?.close().catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
}
