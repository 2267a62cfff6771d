import JSZip from "jszip";
import { LoadError } from "./load-error.js";

/**
 * Most bytes a .docx may unpack to, all its parts together: 64 MB, some 50 times the XML of a
 * 500-page book. A zip bomb (a small file unpacking to gigabytes) stops here instead of taking
 * the process's memory.
 */
export const maxUnzippedBytes = 64 * 1024 * 1024;

/**
 * Unpack every entry of a zip archive as a stream, counting the bytes, and throw `too_large`
 * (a {@link LoadError}) as soon as they pass `limit`: nothing is kept, and no entry is unpacked
 * further than the limit. The sizes the archive claims for its entries are not trusted.
 *
 * @example
 * await assertUnzippedSize(bytes); // then hand the bytes to mammoth
 */
export async function assertUnzippedSize(bytes: Buffer, limit = maxUnzippedBytes): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream("nodebuffer");
      stream
        .on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total <= limit) return;
          stream.pause();
          reject(
            new LoadError(
              "too_large",
              `unpacks to more than ${limit / 1024 / 1024} MB (a zip bomb?); not loaded`,
            ),
          );
        })
        .on("error", reject)
        .on("end", () => resolve());
    });
  }
}
