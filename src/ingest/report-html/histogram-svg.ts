import { count, escapeHtml } from "./html.js";

const width = 260;
const height = 130;
const left = 10;
const bottom = 20;
const top = 14;

/**
 * One scanner's score histogram as inline SVG: a bar per tenth of [0, 1], heights on a log scale
 * (most chunks score near 0; a few high ones must still show), each bar labelled with its count.
 */
export function histogramSvg(name: string, bins: readonly number[]): string {
  const max = Math.max(1, ...bins);
  const slot = (width - 2 * left) / bins.length;
  const scale = (value: number) =>
    value === 0 ? 0 : Math.max(2, ((height - bottom - top) * Math.log1p(value)) / Math.log1p(max));
  const bars = bins.map((value, index) => {
    const barHeight = scale(value);
    const x = left + index * slot;
    const y = height - bottom - barHeight;
    const range = `${(index / bins.length).toFixed(1)}–${((index + 1) / bins.length).toFixed(1)}`;
    const fill = index >= bins.length / 2 ? "#b42318" : "#57606a";
    return `<g><title>${range}: ${count(value)} chunks</title>
<rect x="${x + 1}" y="${y}" width="${slot - 2}" height="${barHeight}" fill="${fill}"/>
${value > 0 ? `<text x="${x + slot / 2}" y="${y - 3}" font-size="9" text-anchor="middle">${count(value)}</text>` : ""}</g>`;
  });
  const axis = [0, 0.5, 1].map(
    (tick) =>
      `<text x="${left + tick * (width - 2 * left)}" y="${height - 5}" font-size="10" text-anchor="middle">${tick}</text>`,
  );
  const label = escapeHtml(`Scores of ${name}: ${bins.join(", ")} chunks per tenth`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">
<line x1="${left}" y1="${height - bottom}" x2="${width - left}" y2="${height - bottom}" stroke="#8c959f"/>
${bars.join("\n")}
${axis.join("")}
</svg>`;
}

/** Every scanner's histogram, side by side. */
export function renderHistograms(histograms: Record<string, number[]> | undefined): string {
  const entries = Object.entries(histograms ?? {});
  if (entries.length === 0) return "";
  const figures = entries.map(
    ([name, bins]) =>
      `<figure data-scanner="${escapeHtml(name)}"><figcaption>${escapeHtml(name)}</figcaption>${histogramSvg(name, bins)}</figure>`,
  );
  return `<section id="histograms"><h2>Score histograms</h2>
<p class="meta">Chunks per score band (0 = nothing found, 1 = certain), kept and dropped; bar heights on a log scale, red from 0.5 up.</p>
<div class="histograms">${figures.join("\n")}</div></section>`;
}
