import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestReport } from "../../src/ingest/report.js";
import { runCli } from "../helpers/run-cli.js";

/** Regular files and symbolic links under `root`, without following any link. */
async function listEntries(root: string): Promise<{ files: string[]; links: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const source = (entry: { parentPath: string; name: string }) =>
    relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
  return {
    files: entries
      .filter((entry) => entry.isFile())
      .map(source)
      .sort(),
    links: entries
      .filter((entry) => entry.isSymbolicLink())
      .map(source)
      .sort(),
  };
}

/** Parse a JSONL output strictly: every line whole JSON, the file ends with a newline. */
function parseJsonl(text: string): Array<{ metadata: { source: string } }> {
  if (text === "") return [];
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as { metadata: { source: string } });
}

const runsAsRoot = process.getuid?.() === 0;

describe("ingest over hostile files: every file is accounted for", () => {
  let dir: string;
  let docs: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-hostile-"));
    docs = join(dir, "docs");
    await mkdir(join(docs, "sub"), { recursive: true });
    await writeFile(join(docs, "good.md"), "# Queues\n\nA clean page about message queues.\n");
    await writeFile(
      join(docs, "sub", "notes.txt"),
      "Retry with backoff. Token ghp_8fK2mQ7rT1xW9vB4nL6cZ3yH5jD0sA2eP7uG\n",
    );
    await writeFile(join(docs, "empty.txt"), "");
    await writeFile(join(docs, "nul.txt"), Buffer.from([0x68, 0x69, 0x00, 0x00, 0xff, 0x00, 0x01]));
    await writeFile(
      join(docs, "bad-utf8.txt"),
      Buffer.from([0x61, 0x62, 0xc3, 0x28, 0x80, 0xfe, 0x20, 0x63]),
    );
    await writeFile(
      join(docs, "corrupt.pdf"),
      Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<<"), Buffer.alloc(64, 0xa5)]),
    );
    await writeFile(join(docs, "zero.pdf"), "");
    await writeFile(join(docs, "truncated.docx"), Buffer.from("PK\u0003\u0004 not really a zip"));
    await writeFile(join(docs, "broken.json"), '{"title": "unterminated');
    await writeFile(join(docs, "locked.txt"), "A page nobody may read.\n");
    await chmod(join(docs, "locked.txt"), 0o000);
    await symlink("loop-b", join(docs, "loop-a.txt"));
    await symlink("loop-a.txt", join(docs, "loop-b"));
    await symlink("..", join(docs, "sub", "up"));
    await symlink(join(dir, "nowhere.txt"), join(docs, "dangling.txt"));
  });

  afterAll(async () => {
    await chmod(join(docs, "locked.txt"), 0o600).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it("loads what it can, lists every other file with a reason, and writes whole outputs", async () => {
    const out = join(dir, "out");
    const result = await runCli("ingest-cli", [
      docs,
      "--out",
      out,
      "--workers",
      "0",
      "--scanners",
      "Secrets",
    ]);
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(await readFile(join(out, "report.json"), "utf8")) as IngestReport;
    const chunks = parseJsonl(await readFile(join(out, "chunks.jsonl"), "utf8"));
    const dropped = parseJsonl(await readFile(join(out, "dropped.jsonl"), "utf8"));
    const bySource = new Map(report.files.map((entry) => [entry.source, entry]));

    const { files, links } = await listEntries(docs);
    for (const source of files) {
      const entry = bySource.get(source);
      expect(entry, `${source} is missing from report.json`).toBeDefined();
      if (entry?.status === "skipped") {
        expect(entry.reason, source).toEqual(expect.any(String));
        expect(entry.message, source).toEqual(expect.any(String));
        expect(result.stdout).toContain(source);
      } else {
        expect(entry?.status, source).toBe("loaded");
        const kept = chunks.filter((chunk) => chunk.metadata.source === source).length;
        const gone = dropped.filter((chunk) => chunk.metadata.source === source).length;
        expect(kept, source).toBe(entry?.kept ?? 0);
        expect(gone, source).toBe(entry?.dropped ?? 0);
        expect(kept + gone, source).toBe(entry?.chunks ?? 0);
      }
    }
    // A directory link back to the root ends the walk instead of looping; nothing is read twice.
    expect(links).toContain("sub/up");
    expect([...bySource.keys()].some((source) => source.startsWith("sub/up/"))).toBe(false);
    expect(report.totals.files).toBe(report.files.length);

    expect(bySource.get("good.md")).toMatchObject({ status: "loaded" });
    expect(bySource.get("sub/notes.txt")).toMatchObject({ status: "loaded", redacted: 1 });
    expect(bySource.get("corrupt.pdf")).toMatchObject({ status: "skipped" });
    expect(bySource.get("truncated.docx")).toMatchObject({ status: "skipped" });
    expect(bySource.get("nul.txt")).toMatchObject({ status: "skipped", reason: "binary" });
    expect(bySource.get("bad-utf8.txt")).toMatchObject({
      status: "skipped",
      reason: "undecodable",
    });
    // Root reads through chmod 000; anyone else gets a read error naming the file.
    expect(bySource.get("locked.txt")).toMatchObject(
      runsAsRoot ? { status: "loaded", kept: 1 } : { status: "skipped", reason: "read_error" },
    );
    expect(JSON.stringify(chunks)).not.toContain("ghp_8fK2");
    expect((await readdir(out)).sort()).toEqual([
      "chunks.jsonl",
      "dropped.jsonl",
      "report.html",
      "report.json",
    ]);
  });

  it("lists a symlink loop (loop-a.txt <-> loop-b) and a dangling link as skipped read_error", async () => {
    const out = join(dir, "out-links");
    const result = await runCli("ingest-cli", [
      docs,
      "--out",
      out,
      "--workers",
      "0",
      "--scanners",
      "Secrets",
    ]);
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(await readFile(join(out, "report.json"), "utf8")) as IngestReport;
    const bySource = new Map(report.files.map((entry) => [entry.source, entry]));
    for (const [source, message] of [
      ["loop-a.txt", "symbolic link loop"],
      ["loop-b", "symbolic link loop"],
      ["dangling.txt", "broken symbolic link"],
    ] as const) {
      expect(bySource.get(source), source).toMatchObject({
        status: "skipped",
        reason: "read_error",
        message,
      });
    }
  });
});
