import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type {
  ListKeyOptions,
  RecordManagerInterface,
  UpdateOptions,
} from "@langchain/core/indexing";

interface KeyRecord {
  groupId: string | null;
  updatedAt: number;
}

/** Seconds since the epoch, with sub-millisecond steps and never going back within a process. */
function clock(): () => number {
  let last = 0;
  return () => {
    const now = (performance.timeOrigin + performance.now()) / 1000;
    last = Math.max(now, last + 1e-6);
    return last;
  };
}

/**
 * LangChain's `RecordManager` interface over one JSON file, for the embedded case (a LanceDB
 * folder on one machine): which chunk hashes are in the vector store, from which source, and
 * when each was last seen. Changes are kept in memory and written (atomically: temporary file,
 * then rename) by {@link FileRecordManager.flush}; the vector sink flushes after each file.
 * A crash between a store write and a flush costs a re-embedding on the next run, never a
 * duplicate (the store replaces rows by id).
 *
 * @example
 * const records = new FileRecordManager("./vectors/chunks.records.json");
 * await records.createSchema();
 */
export class FileRecordManager implements RecordManagerInterface {
  private records = new Map<string, KeyRecord>();
  private dirty = false;
  private readonly now = clock();

  constructor(readonly path: string) {}

  /** Load the file (none yet: an empty record). */
  async createSchema(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const parsed = JSON.parse(text) as { records?: Record<string, KeyRecord> };
    this.records = new Map(Object.entries(parsed.records ?? {}));
  }

  async getTime(): Promise<number> {
    return this.now();
  }

  async update(keys: string[], options: UpdateOptions = {}): Promise<void> {
    const { groupIds, timeAtLeast } = options;
    if (groupIds !== undefined && groupIds.length !== keys.length) {
      throw new Error(`${keys.length} keys but ${groupIds.length} group ids`);
    }
    const updatedAt = this.now();
    if (timeAtLeast !== undefined && updatedAt < timeAtLeast) {
      throw new Error(`time went back: ${updatedAt} is before ${timeAtLeast}`);
    }
    for (const [index, key] of keys.entries()) {
      const groupId = groupIds?.[index] ?? this.records.get(key)?.groupId ?? null;
      this.records.set(key, { groupId, updatedAt });
    }
    this.dirty = true;
  }

  async exists(keys: string[]): Promise<boolean[]> {
    return keys.map((key) => this.records.has(key));
  }

  async listKeys(options: ListKeyOptions = {}): Promise<string[]> {
    const { before, after, groupIds, limit } = options;
    const groups = groupIds === undefined ? undefined : new Set(groupIds);
    const keys: string[] = [];
    for (const [key, record] of this.records) {
      if (before !== undefined && !(record.updatedAt < before)) continue;
      if (after !== undefined && !(record.updatedAt > after)) continue;
      if (groups !== undefined && !groups.has(record.groupId)) continue;
      keys.push(key);
      if (limit !== undefined && keys.length >= limit) break;
    }
    return keys;
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) this.records.delete(key);
    this.dirty = true;
  }

  /** Write the records to the file if they changed since the last write. */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ records: Object.fromEntries(this.records) }));
    await rename(temporary, this.path);
    this.dirty = false;
  }
}
