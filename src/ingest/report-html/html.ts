import { printable } from "../../common/printable.js";

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escape text for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/**
 * Text from the run (file names, messages, chunk text) ready for the page: control and bidi
 * characters shown as `\u202e`-style escapes (as the CLI prints them), then HTML-escaped.
 */
export function show(text: string, options: { block?: boolean } = {}): string {
  return escapeHtml(printable(text, options));
}

/** A number as people read it (`12,345`, `0.25`); anything else (a hand-edited report) as `?`. */
export function count(value: number | undefined): string {
  const number = value ?? 0;
  if (typeof number !== "number" || !Number.isFinite(number)) return "?";
  return number.toLocaleString("en-US", { maximumFractionDigits: 3 });
}

/** A table of rows already rendered to cells; `head` names the columns. */
export function table(head: readonly string[], rows: readonly string[], className = ""): string {
  const cls = className ? ` class="${className}"` : "";
  const th = head.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join("");
  return `<table${cls}><thead><tr>${th}</tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** A score in [0, 1] with the report's four decimals. */
export function score(value: number): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "?";
}

/** "Showing 100 of 2,345 ...": said on the page whenever a list is cut. */
export function cutNote(shown: number, total: number, what: string, where: string): string {
  if (shown >= total) return "";
  return `<p class="note">Showing ${count(shown)} of ${count(total)} ${escapeHtml(what)}; ${escapeHtml(where)}.</p>`;
}
