import type { FileEntry } from "../report.js";
import { count, cutNote, escapeHtml, show, table } from "./html.js";

/** Rows of the files table at most: a big run lists the files with something to say first. */
export const filesShown = 500;
/** Rows of the slowest-files table. */
export const slowestShown = 10;

const noteLimit = 300;

function byScanner(counts: Record<string, number> | undefined): string {
  return Object.entries(counts ?? {})
    .map(([name, value]) => `${escapeHtml(name)} ${count(value)}`)
    .join(", ");
}

function fileNote(file: FileEntry): string {
  const parts = [
    file.reason ? `${file.reason}${file.message ? `: ${file.message}` : ""}` : "",
    ...(file.warnings ?? []),
  ].filter(Boolean);
  const text = parts.join("; ");
  return show(text.length > noteLimit ? `${text.slice(0, noteLimit)}…` : text);
}

function fileRow(file: FileEntry): string {
  const dropped = file.dropped ?? 0;
  const redacted = file.redacted ?? 0;
  const status = escapeHtml(file.status);
  return `<tr data-source="${show(file.source)}"><td class="file">${show(file.source)}</td>
<td class="${status}">${status}</td><td class="num">${count(file.chunks)}</td><td class="num">${count(file.kept)}</td>
<td class="num${dropped > 0 ? " dropped" : ""}" data-key="dropped">${count(dropped)}</td><td>${byScanner(file.dropped_by)}</td>
<td class="num${redacted > 0 ? " redacted" : ""}" data-key="redacted">${count(redacted)}</td><td>${byScanner(file.redacted_by)}</td>
<td>${fileNote(file)}</td></tr>`;
}

const noteworthy = (file: FileEntry) =>
  file.status === "skipped" ||
  (file.dropped ?? 0) > 0 ||
  (file.redacted ?? 0) > 0 ||
  (file.warnings?.length ?? 0) > 0;

/** Every file (up to {@link filesShown}): skipped files and files with findings first, in walk order. */
export function renderFiles(files: readonly FileEntry[]): string {
  const ordered = [...files.filter(noteworthy), ...files.filter((file) => !noteworthy(file))];
  const shown = ordered.slice(0, filesShown);
  const head = [
    "file",
    "status",
    "chunks",
    "kept",
    "dropped",
    "dropped by",
    "redacted",
    "redacted by",
    "reason, warnings",
  ];
  return `<section id="files"><h2>Files</h2>
${cutNote(shown.length, files.length, "files (skipped and files with findings first)", "every file is in report.json")}
${table(head, shown.map(fileRow))}</section>`;
}

const fileTime = (file: FileEntry) => (file.load_ms ?? 0) + (file.scan_ms ?? 0);

/** The files that took longest to load and scan in this run. */
export function renderSlowest(files: readonly FileEntry[]): string {
  const timed = files
    .filter((file) => file.status === "loaded" && file.load_ms !== undefined)
    .sort((a, b) => fileTime(b) - fileTime(a))
    .slice(0, slowestShown);
  if (timed.length === 0) return "";
  const rows = timed.map(
    (
      file,
    ) => `<tr><td class="file">${show(file.source)}</td><td class="num">${count(file.bytes)}</td>
<td class="num">${count(file.chunks)}</td><td class="num">${count(file.load_ms)}</td>
<td class="num">${count(file.scan_ms)}</td><td class="num">${count(Math.round(fileTime(file)))}</td></tr>`,
  );
  const head = ["file", "bytes", "chunks", "load ms", "scan ms", "total ms"];
  return `<section id="slowest"><h2>Slowest files</h2>
<p class="meta">Load: reading, parsing and splitting (wall clock, files load side by side). Scan: the chunks' scan times summed (waiting for a thread not counted).</p>
${table(head, rows)}</section>`;
}
