import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadFile } from "../../loaders/load-file.js";
import { walkInputs } from "../../loaders/walk.js";
import { fixturePath, tempDir } from "./helpers.js";

describe("walkInputs", () => {
  let dir: string;
  let outside: string;
  let cleanups: Array<() => Promise<void>>;

  beforeEach(async () => {
    const root = await tempDir();
    const other = await tempDir();
    dir = root.dir;
    outside = other.dir;
    cleanups = [root.cleanup, other.cleanup];
    const files: Record<string, string> = {
      "a.md": "# A",
      "sub/b.txt": "B",
      "sub/c.json": '{"text":"C"}',
      "drafts/d.md": "D",
      ".hidden.md": "hidden",
      ".secret/e.md": "E",
      "node_modules/pkg/readme.md": "dep",
      ".git/HEAD": "ref",
      "image.png": "png",
      "skip-me.txt": "ignored by .ragguardignore",
      ".ragguardignore": "# comment\nskip-me.txt\n",
    };
    for (const [name, content] of Object.entries(files)) {
      await mkdir(join(dir, name, ".."), { recursive: true });
      await writeFile(join(dir, name), content);
    }
    await writeFile(join(outside, "escape.md"), "outside the root");
    await symlink(join(outside, "escape.md"), join(dir, "link-out.md"));
    await symlink(join(dir, "a.md"), join(dir, "link-in.md"));
    await symlink(outside, join(dir, "linked-dir"));
    await symlink(dir, join(dir, "sub/loop"));
    await symlink(join(dir, "missing.md"), join(dir, "dangling.md"));
    await symlink(join(dir, "loop-b"), join(dir, "loop-a.txt"));
    await symlink(join(dir, "loop-a.txt"), join(dir, "loop-b"));
  });

  afterEach(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("lists loadable files and skips hidden, dependency and VCS folders", async () => {
    const { files, skipped } = await walkInputs([dir]);
    expect(files.map((file) => file.source)).toEqual([
      "a.md",
      "drafts/d.md",
      "sub/b.txt",
      "sub/c.json",
    ]);
    expect(files[0]!.root).toBe(dir);
    expect(skipped.map(({ source, reason, message }) => ({ source, reason, message }))).toEqual([
      { source: "dangling.md", reason: "read_error", message: "broken symbolic link" },
      { source: "loop-a.txt", reason: "read_error", message: "symbolic link loop" },
      { source: "loop-b", reason: "read_error", message: "symbolic link loop" },
      { source: "image.png", reason: "unsupported_type", message: "unsupported file type" },
      {
        source: "link-out.md",
        reason: "outside_root",
        message: expect.stringContaining("outside"),
      },
      {
        source: "linked-dir/escape.md",
        reason: "outside_root",
        message: expect.stringContaining("outside"),
      },
    ]);
  });

  it("applies include and exclude globs", async () => {
    const included = await walkInputs([dir], { include: ["**/*.md"], exclude: ["drafts/**"] });
    expect(included.files.map((file) => file.source)).toEqual(["a.md"]);
  });

  it("accepts a single file argument", async () => {
    const { files } = await walkInputs([join(dir, "sub/b.txt")]);
    expect(files).toEqual([
      { path: join(dir, "sub/b.txt"), source: "b.txt", root: join(dir, "sub") },
    ]);
  });

  it("rejects a path that does not exist", async () => {
    await expect(walkInputs([join(dir, "missing")])).rejects.toThrow(/ENOENT/);
  });
});

describe("loadFile", () => {
  it("never throws: unknown types, unreadable and broken files become reasons", async () => {
    const unknown = await loadFile("/nowhere/file.xyz", { source: "file.xyz" });
    expect(unknown).toMatchObject({ ok: false, reason: "unsupported_type" });
    const missing = await loadFile("/nowhere/file.txt", { source: "file.txt" });
    expect(missing).toMatchObject({ ok: false, reason: "read_error" });
    const broken = await loadFile("x.pdf", { source: "x.pdf", bytes: Buffer.from("garbage") });
    expect(broken).toMatchObject({ ok: false, reason: "parse_error", bytes: 7 });
  });

  it("loads a fixture with its content hash", async () => {
    const outcome = await loadFile(fixturePath("emails/renewal-thread.txt"), {
      source: "emails/renewal-thread.txt",
    });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.loader).toBe("text");
      expect(outcome.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(outcome.documents[0]!.metadata.source).toBe("emails/renewal-thread.txt");
    }
  });
});
