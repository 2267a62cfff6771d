import type { DroppedChunk } from "../chunk-stats.js";
import type { ChunkSpans } from "../span-capture.js";
import { count, cutNote, escapeHtml, score, show } from "./html.js";

interface Located {
  start: number;
  end: number;
  scanner: string;
  score: number;
}

/** Spans inside `[0, length)`, non-empty, with their scanner. */
function locate(spans: ChunkSpans | undefined, length: number): Located[] {
  const out: Located[] = [];
  for (const [scanner, list] of Object.entries(spans ?? {})) {
    for (const { start, end, score } of list) {
      const from = Math.max(0, Math.min(length, Math.trunc(start)));
      const to = Math.max(0, Math.min(length, Math.trunc(end)));
      if (from < to) out.push({ start: from, end: to, scanner, score });
    }
  }
  return out;
}

/**
 * The chunk's text with each located span in a `<mark>` (overlapping spans share one, its title
 * naming every scanner and score). Offsets are cut on the raw text, then each piece is escaped.
 */
export function highlightSpans(text: string, spans: ChunkSpans | undefined): string {
  const located = locate(spans, text.length);
  const cuts = [...new Set([0, text.length, ...located.flatMap((s) => [s.start, s.end])])].sort(
    (a, b) => a - b,
  );
  let html = "";
  for (let index = 0; index + 1 < cuts.length; index += 1) {
    const from = cuts[index]!;
    const to = cuts[index + 1]!;
    const piece = show(text.slice(from, to), { block: true });
    const over = located.filter((span) => span.start <= from && span.end >= to);
    if (over.length === 0) {
      html += piece;
      continue;
    }
    const title = over.map((span) => `${span.scanner} ${score(span.score)}`).join(", ");
    const names = [...new Set(over.map((span) => span.scanner))].join(" ");
    html += `<mark title="${escapeHtml(title)}" data-scanner="${escapeHtml(names)}">${piece}</mark>`;
  }
  return html;
}

function scoreList(chunk: DroppedChunk): string {
  return Object.entries(chunk.scores)
    .map(([name, value]) => {
      const text = `${escapeHtml(name)} ${score(value)}`;
      return chunk.reasons.includes(name) ? `<strong class="dropped">${text}</strong>` : text;
    })
    .join(" · ");
}

function renderChunk(chunk: DroppedChunk): string {
  const where = [
    chunk.page === undefined ? "" : `page ${count(chunk.page)}`,
    chunk.chunk === undefined ? "" : `chunk ${count(chunk.chunk)}`,
  ].filter(Boolean);
  const cut = chunk.cut
    ? `<p class="note">Characters ${count(chunk.cut.from)}–${count(chunk.cut.from + chunk.text.length)} of ${count(chunk.cut.length)}.</p>`
    : "";
  const located = locate(chunk.spans, chunk.text.length).length > 0;
  return `<article class="chunk" data-id="${escapeHtml(chunk.id)}">
<h3>${show(chunk.source)}${where.length > 0 ? ` · ${where.join(" · ")}` : ""}</h3>
<p>Dropped by <span class="dropped">${chunk.reasons.map((name) => escapeHtml(name)).join(", ")}</span> · scores: ${scoreList(chunk)}</p>
${located ? "" : `<p class="note">No span located: the scanner judged the chunk as a whole.</p>`}${cut}
<pre>${highlightSpans(chunk.text, chunk.spans)}</pre>
</article>`;
}

/** The dropped chunks the report carries, their flagged spans highlighted. */
export function renderDropped(chunks: readonly DroppedChunk[] | undefined, total: number): string {
  const shown = chunks ?? [];
  if (total === 0) return `<section id="dropped"><h2>Dropped chunks</h2><p>None.</p></section>`;
  return `<section id="dropped"><h2>Dropped chunks</h2>
<p class="meta">Text as written to <code>dropped.jsonl</code> (personal data and secrets already redacted); highlighted: the part a scanner located (PromptInjection's planted sentences).</p>
${cutNote(shown.length, total, "dropped chunks (the first ones in walk order)", "with the JSONL output, all of them are in dropped.jsonl")}
${shown.map(renderChunk).join("\n")}</section>`;
}
