import type { IngestReport } from "../report.js";
import { renderDropped } from "./dropped-section.js";
import { renderFiles, renderSlowest } from "./files-section.js";
import { renderHistograms } from "./histogram-svg.js";
import { escapeHtml, show, table } from "./html.js";
import { reportCss } from "./style.js";
import { renderHeader, renderScannerCounts, renderTotals } from "./summary-section.js";

/**
 * What the page may load: nothing but its own inline style. No script runs, even if a file name
 * or a chunk's text got past the escaping; no image, font, frame or form goes anywhere.
 */
export const reportCsp =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function renderSink(sink: Record<string, unknown> | undefined): string {
  if (sink === undefined) return "";
  const rows = Object.entries(sink).map(
    ([key, value]) =>
      `<tr><th scope="row">${escapeHtml(key)}</th><td><code>${show(JSON.stringify(value) ?? "")}</code></td></tr>`,
  );
  return `<section id="sink"><h2>Sink</h2>${table(["", "value"], rows, "totals")}</section>`;
}

/**
 * Render a run's report as one self-contained HTML page: totals, drops and redactions per
 * scanner and per file, the dropped chunks with the located span highlighted, score histograms
 * (inline SVG) and the slowest files. No script, no external resource (it reads offline); every
 * text from the run is escaped, and lists are cut on big runs (the page says so).
 *
 * @example
 * await writeFile("out/report.html", renderReportHtml(report));
 */
export function renderReportHtml(report: IngestReport): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${reportCsp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ragguard ingest report · ${escapeHtml(report.started_at)}</title>
<style>${reportCss}</style>
</head>
<body>
${renderHeader(report)}
${renderTotals(report)}
${renderScannerCounts(report)}
${renderHistograms(report.score_histograms)}
${renderDropped(report.dropped_chunks, report.totals.dropped)}
${renderFiles(report.files)}
${renderSlowest(report.files)}
${renderSink(report.sink)}
</body>
</html>
`;
}
