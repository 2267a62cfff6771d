import type { IngestReport } from "../report.js";
import { count, escapeHtml, show, table } from "./html.js";

/** The run at a glance: status, when, what was read, with which scanners. */
export function renderHeader(report: IngestReport): string {
  const { settings, throughput } = report;
  const status = escapeHtml(report.status);
  return `<header>
<h1>ragguard ingest report <span class="status ${status}" data-key="status">${status}</span></h1>
<p class="meta">${escapeHtml(report.started_at)} → ${escapeHtml(report.finished_at)} ·
${count(report.elapsed_seconds)} s · ragguard ${escapeHtml(report.ragguard_version)}</p>
<p class="meta">Inputs: ${report.inputs.map((input) => `<code>${show(input)}</code>`).join(", ")} ·
output: <code>${show(report.out_dir)}</code></p>
<p class="meta">Scanners: ${settings.scanners.map((name) => escapeHtml(name)).join(", ")} ·
redact and keep: ${settings.ignore_invalid.map((name) => escapeHtml(name)).join(", ") || "none"} ·
scanning: ${escapeHtml(settings.scanning)}${settings.scanning === "workers" ? ` (${count(settings.workers)} threads)` : ""} ·
chunks of ${count(settings.chunk_size)} characters, overlap ${count(settings.chunk_overlap)}</p>
<p class="meta">${count(throughput.mb_per_second)} MB/s · ${count(throughput.chunks_per_second)} chunks/s ·
${count(throughput.files_per_second)} files/s</p>
</header>`;
}

const totalRows: Array<[keyof IngestReport["totals"], string, string?]> = [
  ["files", "files"],
  ["loaded", "loaded"],
  ["skipped", "skipped", "skipped"],
  ["resumed", "resumed (from an earlier run)"],
  ["pending", "pending (interrupted before)"],
  ["documents", "documents"],
  ["chunks", "chunks"],
  ["kept", "kept"],
  ["dropped", "dropped", "dropped"],
  ["redacted", "redacted (kept)", "redacted"],
  ["bytes", "bytes read"],
];

/** The totals table; each number carries `data-key` (the `report.json` field). */
export function renderTotals(report: IngestReport): string {
  const rows = totalRows.map(([key, label, cls]) => {
    const value = report.totals[key];
    const style = cls && value > 0 ? ` class="num ${cls}"` : ` class="num"`;
    return `<tr><th scope="row">${escapeHtml(label)}</th><td${style} data-key="${key}">${count(value)}</td></tr>`;
  });
  return `<section id="totals"><h2>Totals</h2>${table(["", "count"], rows, "totals")}</section>`;
}

/** Chunks dropped and redacted by each scanner (a chunk may count under several). */
export function renderScannerCounts(report: IngestReport): string {
  const names = [
    ...new Set([
      ...report.settings.scanners,
      ...Object.keys(report.dropped_by_scanner),
      ...Object.keys(report.redacted_by_scanner),
    ]),
  ];
  const rows = names.map((name) => {
    const dropped = report.dropped_by_scanner[name] ?? 0;
    const redacted = report.redacted_by_scanner[name] ?? 0;
    return `<tr data-scanner="${escapeHtml(name)}"><th scope="row">${escapeHtml(name)}</th>
<td class="num${dropped > 0 ? " dropped" : ""}" data-key="dropped">${count(dropped)}</td>
<td class="num${redacted > 0 ? " redacted" : ""}" data-key="redacted">${count(redacted)}</td></tr>`;
  });
  return `<section id="scanners"><h2>Per scanner</h2>
<p class="meta">A chunk is dropped when a scanner outside “redact and keep” finds it invalid, and counts under each such scanner.</p>
${table(["scanner", "chunks dropped", "chunks redacted"], rows, "totals")}</section>`;
}
