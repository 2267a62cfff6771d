import { printable } from "../common/printable.js";
import type { IngestReport } from "./report.js";

function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${bytes} B`;
}

function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
  return entries.length === 0 ? "-" : entries.map(([name, count]) => `${name} ${count}`).join(", ");
}

/**
 * The human summary printed at the end of a run: a two-column table of totals, then every
 * skipped file with its reason.
 */
export function formatIngestSummary(report: IngestReport, outputs: readonly string[]): string {
  const { totals, throughput } = report;
  const rows: Array<[string, string]> = [
    [
      "files",
      `${totals.loaded} loaded, ${totals.skipped} skipped, ${totals.resumed} resumed${totals.pending ? `, ${totals.pending} not started` : ""}`,
    ],
    [
      "chunks",
      `${totals.chunks} total, ${totals.kept} kept, ${totals.dropped} dropped, ${totals.redacted} redacted`,
    ],
    ["dropped by", formatCounts(report.dropped_by_scanner)],
    ["redacted by", formatCounts(report.redacted_by_scanner)],
    [
      "read",
      `${formatBytes(totals.bytes)} in ${report.elapsed_seconds.toFixed(2)} s (${throughput.mb_per_second.toFixed(2)} MB/s, ${throughput.chunks_per_second} chunks/s)`,
    ],
    [
      "scanning",
      `${report.settings.scanning}${report.settings.scanning === "workers" ? ` (${report.settings.workers} threads)` : ""}: ${report.settings.scanners.join(", ")}`,
    ],
    ["output", printable(outputs.join(", "))],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const title =
    report.status === "interrupted"
      ? "ingest interrupted (rerun with --resume to finish)"
      : "ingest done";
  const lines = [title, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  const skipped = report.files.filter((file) => file.status === "skipped");
  if (skipped.length > 0) {
    lines.push(`skipped files (${skipped.length}):`);
    for (const file of skipped) {
      lines.push(`  ${printable(file.source)}  ${file.reason}: ${printable(file.message ?? "")}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
