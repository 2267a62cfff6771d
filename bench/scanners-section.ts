import { scannerPeers } from "./scanner-peers.js";
import { benchScanners } from "./scanners-bench.js";
import type { BenchSection } from "./section.js";
import { formatSpread } from "./stats.js";

/** Section 1: each scanner, the default set and the npm peers on 1000-char chunks, one core. */
export const scannersSection: BenchSection = {
  name: "scanners",
  title: "Scanners — ragguard and npm peers per 1000-char chunk, one core (median of rounds)",
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
    const defaultSet = figures.find((figure) => figure.set.startsWith("default set"));
    const met =
      defaultSet !== undefined && "medianMs" in defaultSet && defaultSet.medianMs.median <= 1;
    return {
      figures,
      header: ["scanner set", "median ms", "p99 ms", "chunks/s"],
      rows,
      notes: [
        `Goal: default set <= 1 ms median per chunk: ${met ? "met" : "NOT met"}.`,
        "Peers (they check less, so they are not like for like):",
        ...scannerPeers.map((peer) => `- ${peer.name}: ${peer.does}.`),
        "Chunks: seeded business prose, PII in about a third, an injection or insult in about one in twenty.",
      ],
    };
  },
};
