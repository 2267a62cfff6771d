import { anchors } from "./anchors.js";
import { benchScanners } from "./scanners-bench.js";
import type { BenchSection } from "./section.js";
import { formatSpread } from "./stats.js";

/** Section 1: each scanner and the default set on 1000-char chunks, one core. */
export const scannersSection: BenchSection = {
  name: "scanners",
  title: "Scanners — per 1000-char chunk, one core (median of rounds, min–max in brackets)",
  async run(options) {
    const figures = await benchScanners(options);
    const rows = figures.map((figure) =>
      "error" in figure
        ? [figure.set, `failed: ${figure.error}`, "", ""]
        : [
            figure.set,
            formatSpread(figure.medianMs, 3),
            formatSpread(figure.p99Ms, 3),
            formatSpread(figure.chunksPerSecond, 0),
          ],
    );
    const llmGuard = anchors.llmGuard.scanners
      .map((entry) => `${entry.scanner} ${entry.ms} ms per ${entry.chars} chars`)
      .join(", ");
    return {
      figures,
      header: ["scanner set", "median ms", "p99 ms", "chunks/s"],
      rows,
      notes: [
        "Goal: default set <= 1 ms median per chunk.",
        `Anchor (${anchors.llmGuard.source}): ${llmGuard}.`,
      ],
    };
  },
};
