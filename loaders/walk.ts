import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { glob } from "tinyglobby";
import { loaderNameFor } from "./formats.js";
import type { LoadErrorCode } from "./load-error.js";

/** A file to load: absolute path, its path relative to the input root, and that root. */
export interface InputFile {
  path: string;
  source: string;
  root: string;
}

/** A file the walker will not load, with the reason the report shows. */
export interface SkippedFile {
  path: string;
  source: string;
  reason: LoadErrorCode;
  message: string;
}

export interface WalkOptions {
  /** Globs relative to each root (default every file). */
  include?: readonly string[];
  /** Globs relative to each root, on top of the built-in exclusions. */
  exclude?: readonly string[];
}

/** Never walked: dependency folders and VCS metadata (hidden files are skipped by `dot: false`). */
export const builtInExcludes = ["**/node_modules/**", "**/.git/**"] as const;

/** Name of a per-root file of extra exclude globs (one a line, `#` comments). */
export const ignoreFileName = ".ragguardignore";

async function readIgnoreFile(root: string): Promise<string[]> {
  try {
    const text = await readFile(resolve(root, ignoreFileName), "utf8");
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
  } catch {
    return [];
  }
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/** The first symbolic link on the way from `root` to `path`, if any. */
async function firstLink(root: string, path: string): Promise<string | undefined> {
  let current = root;
  for (const part of relative(root, path).split(sep)) {
    current = resolve(current, part);
    if ((await lstat(current)).isSymbolicLink()) return current;
  }
  return undefined;
}

/**
 * Turn a found path into an InputFile, a SkippedFile (link leaving the root, unknown type), or
 * undefined for a second path to a file inside the root (through a link), which loads once under
 * its own path and so keeps the include/exclude rules.
 */
async function classify(
  path: string,
  root: string,
  realRoot: string,
): Promise<InputFile | SkippedFile | undefined> {
  const source = relative(root, path).split(sep).join("/");
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined || resolve(root, relative(realRoot, real)) !== path) {
    const link = await firstLink(root, path);
    const target = link && (await realpath(link).catch(() => undefined));
    if (target === undefined) {
      return { path, source, reason: "read_error", message: "broken symbolic link" };
    }
    if (isInside(realRoot, target)) return undefined;
    const message = "symbolic link pointing outside the input root";
    return { path, source, reason: "outside_root", message };
  }
  if (!loaderNameFor(path)) {
    return { path, source, reason: "unsupported_type", message: "unsupported file type" };
  }
  return { path, source, root };
}

/**
 * Links that lead nowhere (dangling, or a loop) under `root`, outside hidden, `node_modules` and
 * `.git` folders. The glob library never lists them, so they are found here to be reported.
 */
async function findBrokenLinks(root: string): Promise<SkippedFile[]> {
  const found: SkippedFile[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) await visit(path);
      if (!entry.isSymbolicLink()) continue;
      const error = await realpath(path).then(
        () => undefined,
        (cause: NodeJS.ErrnoException) => cause,
      );
      if (error === undefined) continue;
      const message = error.code === "ELOOP" ? "symbolic link loop" : "broken symbolic link";
      const source = relative(root, path).split(sep).join("/");
      found.push({ path, source, reason: "read_error", message });
    }
  };
  await visit(root);
  return found;
}

/**
 * List the files under `inputs` (directories or files) that ingest can load, sorted by source.
 * Hidden files, `node_modules` and `.git` are never walked; symbolic links are followed only while
 * they stay inside the root (others, and dangling or looping links, are skipped with a reason), and
 * a file reached twice loads once;
 * unknown types are returned in `skipped` with a reason.
 *
 * @example
 * const { files, skipped } = await walkInputs(["docs"], { exclude: ["drafts/**"] });
 */
export async function walkInputs(
  inputs: readonly string[],
  options: WalkOptions = {},
): Promise<{ files: InputFile[]; skipped: SkippedFile[] }> {
  const files: InputFile[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const absolute = resolve(input);
    const info = await stat(absolute);
    const root = info.isDirectory() ? absolute : dirname(absolute);
    const realRoot = await realpath(root);
    const found = info.isDirectory()
      ? await glob(
          options.include && options.include.length > 0 ? [...options.include] : ["**/*"],
          {
            cwd: root,
            absolute: true,
            dot: false,
            onlyFiles: true,
            followSymbolicLinks: true,
            expandDirectories: false,
            ignore: [
              ...builtInExcludes,
              ...(await readIgnoreFile(root)),
              ...(options.exclude ?? []),
            ],
          },
        )
      : [resolve(root, basename(absolute))];
    if (info.isDirectory()) skipped.push(...(await findBrokenLinks(root)));
    for (const path of found.sort()) {
      const entry = await classify(path, root, realRoot);
      if (entry === undefined || seen.has(path)) continue;
      seen.add(path);
      if ("reason" in entry) skipped.push(entry);
      else files.push(entry);
    }
  }
  return { files, skipped };
}
