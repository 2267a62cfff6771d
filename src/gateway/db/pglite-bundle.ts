import { open, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { mappedArrayBuffer, readFully } from "./mapped-buffer.js";

/** One file of PGlite's file-system bundle (`pglite.data`): its path and byte range. */
interface BundleFile {
  filename: string;
  start: number;
  end: number;
}

/**
 * The bundle files a running key store may read: the time-zone data (PostgreSQL reads `UTC` and
 * `timezonesets/Default` at start, others on `SET TimeZone`), the text-search stop words and
 * PL/pgSQL; and every small file (configuration samples, extension control files, the `bin`
 * stubs), which costs nothing. What is left out is for initdb (`postgres.bki`, the catalog SQL),
 * extensions, ICU collations, snowball stemmers and non-UTF-8 client encodings: 5 MB of the 6 MB.
 */
function isKept(file: BundleFile): boolean {
  return (
    file.end - file.start <= 4096 ||
    /^\/pglite\/share\/postgresql\/(timezone|timezonesets|tsearch_data)\//.test(file.filename) ||
    file.filename === "/pglite/lib/postgresql/plpgsql.so"
  );
}

/**
 * The bundle's file table, from PGlite's Emscripten loader (`dist/pglite.js`; not exported).
 * Undefined unless it lists contiguous files from 0 to exactly `size` bytes.
 */
async function readBundleTable(dist: string, size: number): Promise<BundleFile[] | undefined> {
  const source = await readFile(join(dist, "pglite.js"), "utf8").catch(() => "");
  const match = /\{files:(\[[^\]]*\]),remote_package_size:(\d+)\}/.exec(source);
  if (match === null || Number(match[2]) !== size) return undefined;
  let files: BundleFile[];
  try {
    files = JSON.parse(match[1]!.replace(/(filename|start|end):/g, '"$1":')) as BundleFile[];
  } catch {
    return undefined;
  }
  let at = 0;
  for (const file of files) {
    if (typeof file.filename !== "string" || file.start !== at || !(file.end >= at)) {
      return undefined;
    }
    at = file.end;
  }
  return at === size ? files : undefined;
}

/** A Blob whose `arrayBuffer()` is a given buffer, not a copy (how PGlite reads `fsBundle`). */
class BufferBlob extends Blob {
  readonly #buffer: ArrayBuffer;
  constructor(buffer: ArrayBuffer) {
    super([]);
    this.#buffer = buffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#buffer);
  }
}

/**
 * PGlite's file-system bundle with only the files a running key store may read (see
 * {@link isKept}); the others keep their names and sizes and read as zeros. PGlite copies the
 * whole 6 MB bundle into memory and keeps it for the life of the instance; here the buffer is
 * memory mapped on first write, so only the kept megabyte becomes resident.
 * Undefined (PGlite then loads its own bundle) when the bundle is not laid out as expected. Not
 * for a data dir that still needs initdb.
 */
export async function keyStoreBundle(): Promise<Blob | undefined> {
  const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const file = await open(join(dist, "pglite.data"));
  try {
    const { size } = await file.stat();
    const table = await readBundleTable(dist, size);
    if (table === undefined) return undefined;
    const buffer = mappedArrayBuffer(size);
    for (const entry of table) {
      if (!isKept(entry)) continue;
      const bytes = new Uint8Array(buffer, entry.start, entry.end - entry.start);
      if (!(await readFully(file, bytes, entry.start))) return undefined;
    }
    return new BufferBlob(buffer);
  } finally {
    await file.close();
  }
}
