import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestReport } from "../../src/ingest/report.js";
import { emailRedactor, startGuardApi } from "../filters/test-scanners.js";
import { runCli } from "../helpers/run-cli.js";

let dir: string;
let docs: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ragguard-ingest-codes-"));
  docs = join(dir, "docs");
  await mkdir(join(docs, "sub"), { recursive: true });
  await writeFile(
    join(docs, "good.md"),
    "# Good\n\nA clean page about queues. Deploy key: ghp_8fK2mQ7rT1xW9vB4nL6cZ3yH5jD0sA2eP7uG\n",
  );
  await writeFile(
    join(docs, "logo.png"),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  await writeFile(join(docs, "broken.pdf"), "%PDF-1.7 this is not a PDF");
  await writeFile(
    join(docs, "sub", "latin1.txt"),
    Buffer.from("Caf\xe9 cr\xe8me br\xfbl\xe9e", "latin1"),
  );
  await writeFile(join(docs, "sub", "binary.txt"), Buffer.from([0x00, 0x01, 0x02, 0x03]));
  await writeFile(
    join(dir, "bad.yaml"),
    "scanners:\n  - type: Secrets\n    params: { redact_mode: sideways }\n",
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ingest-cli exit codes", () => {
  it("`ragguard ingest` exits 3 when files were skipped, listing each with its reason, and keeps the rest", async () => {
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
    expect(result.stdout).toContain("1 loaded, 4 skipped");
    expect(result.stdout).toMatch(/logo\.png\s+unsupported_type/);
    expect(result.stdout).toMatch(/broken\.pdf\s+parse_error/);
    expect(result.stdout).toMatch(/sub\/latin1\.txt\s+undecodable: not valid utf-8/);
    expect(result.stdout).toMatch(/sub\/binary\.txt\s+binary/);
    const report = JSON.parse(await readFile(join(out, "report.json"), "utf8")) as IngestReport;
    expect(report.totals).toMatchObject({ loaded: 1, skipped: 4, kept: 1, redacted: 1 });
    const chunks = await readFile(join(out, "chunks.jsonl"), "utf8");
    expect(chunks).toContain("A clean page about queues.");
    expect(chunks).not.toContain("ghp_8fK2");
    expect(result.stdout).toContain(join(out, "report.html"));
    const html = await readFile(join(out, "report.html"), "utf8");
    for (const file of report.files.filter((entry) => entry.status === "skipped")) {
      expect(html).toContain(`<tr data-source="${file.source}">`);
    }
  });

  it("--no-html-report writes report.json alone", async () => {
    const out = join(dir, "out-no-html");
    const args = [docs, "-o", out, "--workers", "0", "--scanners", "Secrets", "--no-html-report"];
    const result = await runCli("ingest-cli", [...args, "-q"]);
    expect(result.code, result.stderr).toBe(3);
    expect((await readdir(out)).sort()).toEqual(["chunks.jsonl", "dropped.jsonl", "report.json"]);
  });

  const usageCases: Array<[string, string[], RegExp]> = [
    ["a missing path", ["missing"], /no such file or directory/],
    ["--chunk-size 0", ["docs", "--chunk-size", "0"], /--chunk-size must be an integer >= 1/],
    [
      "overlap >= size",
      ["docs", "--chunk-size", "100", "--chunk-overlap", "100"],
      /--chunk-overlap must be smaller/,
    ],
    ["--workers -1", ["docs", "--workers", "-1"], /--workers must be an integer >= 0/],
    ["a bad --guard-url", ["docs", "--guard-url", "ftp://x"], /--guard-url must be an http/],
    ["no path", [], /missing required argument/],
    ["a bad --config", ["docs", "--workers", "0", "--config", "bad.yaml"], /bad\.yaml|redact/i],
    [
      "an unknown scanner",
      ["docs", "--scanners", "Toxicity,Nope"],
      /--scanners: unknown scanner type "Nope"/,
    ],
    [
      "--config with --scanners",
      ["docs", "--scanners", "Toxicity", "--config", "bad.yaml"],
      /use either --config or --scanners, not both/,
    ],
  ];

  it.each(usageCases)("exits 2 on %s, naming the problem", async (_name, args, message) => {
    const resolved = args.map((arg) =>
      arg === "docs" ? docs : arg.endsWith(".yaml") || arg === "missing" ? join(dir, arg) : arg,
    );
    const result = await runCli("ingest-cli", [...resolved, "--out", join(dir, "never")]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("prints help with every option and the exit codes", async () => {
    const result = await runCli("ingest-cli", ["--help"]);
    expect(result.code).toBe(0);
    for (const flag of [
      "--out",
      "--chunk-size",
      "--chunk-overlap",
      "--include",
      "--exclude",
      "--scanners",
      "--config",
      "--guard-url",
      "--workers",
      "--drop-pii",
      "--vault",
      "--resume",
      "--no-html-report",
      "--json",
      "--quiet",
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toMatch(/Exit codes:\n\s+0\s+done\n/);
    expect(result.stdout).toMatch(/\n\s+3\s+done, but some files were skipped/);
    expect(result.stdout).toMatch(/\n\s+4\s+unusable run: the guard API refused the token/);
  });

  it("exits 4, not 3, when the guard API refuses the token or is down, and writes nothing", async () => {
    const guard = await startGuardApi([emailRedactor], { token: "right" });
    try {
      const out = join(dir, "out-unusable");
      const url = guard.url;
      const refused = await runCli("ingest-cli", [docs, "-o", out, "--guard-url", url], {
        env: { RAGGUARD_GUARD_TOKEN: "wrong" },
      });
      expect(refused.code, refused.stderr).toBe(4);
      expect(refused.stderr).toMatch(
        /guard API at http:\/\/127\.0\.0\.1:\d+ cannot be used: .*401/,
      );
      await expect(readdir(out)).rejects.toThrow(/ENOENT/);
      // The same files with the right token: a usable run that skipped files exits 3.
      const partial = await runCli("ingest-cli", [docs, "-o", out, "--guard-url", url, "-q"], {
        env: { RAGGUARD_GUARD_TOKEN: "right" },
      });
      expect(partial.code, partial.stderr).toBe(3);
    } finally {
      guard.server.close();
    }
    const down = await runCli("ingest-cli", [
      docs,
      "-o",
      join(dir, "o2"),
      "--guard-url",
      "http://127.0.0.1:9",
    ]);
    expect(down.code, down.stderr).toBe(4);
  }, 180_000);
});
