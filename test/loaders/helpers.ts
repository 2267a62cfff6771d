import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of a file in the bundled corpus. */
export function fixturePath(source: string): string {
  return fileURLToPath(new URL(`../../fixtures/docs/${source}`, import.meta.url));
}

/** A fresh temporary directory and a function that removes it. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "ragguard-loaders-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
