import { constants } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import { relative, resolve } from "node:path";

/** A file that is no longer where the walk found it, inside its input root. */
export class OutsideRootError extends Error {}

/**
 * Read a walked file, confined to its input root at open time: the file is opened (not following
 * a symbolic link in its last component), then the opened handle must be the file that now sits at
 * the walked path's real location inside the real root (same device and inode). A file swapped for
 * a link, or a folder on its path swapped for one, after the walk is refused, not read.
 *
 * @example
 * const bytes = await readConfined("/docs/a.md", "/docs");
 */
export async function readConfined(path: string, root: string): Promise<Buffer> {
  const realRoot = await realpath(root);
  const expected = resolve(realRoot, relative(root, path));
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") {
      throw new OutsideRootError("the file became a symbolic link after the walk");
    }
    throw error;
  });
  try {
    const opened = await handle.stat();
    const real = await realpath(path).catch(() => undefined);
    const there = real === expected ? await stat(real).catch(() => undefined) : undefined;
    if (!there || there.ino !== opened.ino || there.dev !== opened.dev) {
      throw new OutsideRootError("the file is no longer inside its input root");
    }
    if (!opened.isFile()) throw new OutsideRootError("not a regular file");
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
