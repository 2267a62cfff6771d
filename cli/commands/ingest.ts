import { access } from "node:fs/promises";
import { Command } from "commander";
import type { IngestCliOptions } from "../ingest/options.js";
import { ingestOptions } from "../ingest/options.js";
import { action, UsageError } from "../run.js";

const helpText = `
Outputs (in --out): chunks.jsonl (kept: {"id","page_content","metadata"}), dropped.jsonl (the same
plus "scores" and "reasons"), report.json (files loaded/skipped with reasons, counts per scanner,
bytes, elapsed, throughput). Each is written to a temporary file and renamed into place.

By default PII, secrets and invisible characters are redacted and the chunk kept; a chunk that
Toxicity or PromptInjection finds invalid is dropped. Ctrl-C finishes the files in flight, writes
what is done and marks the report "interrupted"; --resume then skips finished files.

Exit codes:
  0    done
  1    fatal error
  2    usage or config error
  3    done, but some files were skipped (listed with their reasons)
  4    unusable run: the guard API refused the token or cannot be reached (nothing written)
  130  interrupted (Ctrl-C); the outputs hold the finished files, --resume goes on`;

/** Checks that need no loader or detector: they fail fast with exit code 2. */
async function checkUsage(paths: readonly string[], options: IngestCliOptions): Promise<void> {
  if (options.chunkOverlap >= options.chunkSize) {
    throw new UsageError("--chunk-overlap must be smaller than --chunk-size");
  }
  if (options.config && options.scanners) {
    throw new UsageError("use either --config or --scanners, not both");
  }
  if (options.guardUrl && !/^https?:\/\/[^/]/.test(options.guardUrl)) {
    throw new UsageError(`--guard-url must be an http(s) URL, got "${options.guardUrl}"`);
  }
  for (const path of paths) {
    await access(path).catch(() => {
      throw new UsageError(`no such file or directory: ${path}`);
    });
  }
}

/** `ragguard ingest` / `ingest-cli`: files in, sanitized chunks and a report out. */
export function ingestCommand(): Command {
  const command = new Command("ingest")
    .description(
      "Load documents, split them into chunks (1000/0), scan every chunk and write the clean ones as JSONL.",
    )
    .argument("<paths...>", "files or directories to ingest")
    .addHelpText("after", helpText);
  for (const option of ingestOptions()) command.addOption(option);
  return command.action(
    action(async (paths: string[], options: IngestCliOptions) => {
      await checkUsage(paths, options);
      // Loaded on use, so `--help` and usage errors answer without loading loaders and detectors.
      const { runIngestCommand } = await import("../ingest/run-command.js");
      return runIngestCommand(paths, options);
    }),
  );
}
