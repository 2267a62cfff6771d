import { MultiBar, Presets } from "cli-progress";
import type { ProgressSnapshot } from "../../src/ingest/report.js";

/** A progress display; the no-op one is used when stderr is not a TTY, or with --quiet/--json. */
export interface Progress {
  update(snapshot: ProgressSnapshot): void;
  /** Print a line above the bar (log lines must not tear it). */
  log(line: string): void;
  stop(): void;
}

const noProgress: Progress = { update() {}, log() {}, stop() {} };

/**
 * A progress bar on stderr (files done, chunks, MB/s, drops) when `enabled`, else a no-op.
 *
 * @example
 * const progress = createProgress(files.length, process.stderr.isTTY === true);
 */
export function createProgress(
  totalFiles: number,
  enabled: boolean,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!enabled) return noProgress;
  const multibar = new MultiBar(
    {
      stream,
      format:
        "ingest [{bar}] {value}/{total} files | {chunks} chunks | {mbps} MB/s | {dropped} dropped",
      hideCursor: true,
      clearOnComplete: false,
      fps: 10,
    },
    Presets.shades_classic,
  );
  const bar = multibar.create(totalFiles, 0, { chunks: 0, mbps: "0.00", dropped: 0 });
  return {
    update(snapshot) {
      const mbps = snapshot.seconds > 0 ? snapshot.bytes / 1e6 / snapshot.seconds : 0;
      bar.update(snapshot.files, {
        chunks: snapshot.chunks,
        mbps: mbps.toFixed(2),
        dropped: snapshot.dropped,
      });
    },
    log(line) {
      multibar.log(line.endsWith("\n") ? line : `${line}\n`);
    },
    stop() {
      multibar.stop();
    },
  };
}
