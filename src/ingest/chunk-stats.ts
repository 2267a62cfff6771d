import type { Sink, SinkRecord } from "./sink.js";
import type { ChunkSpans } from "./span-capture.js";

/** Bins of a score histogram: [0, 0.1), [0.1, 0.2), ... [0.9, 1]. */
export const scoreBins = 10;
/** Dropped chunks the report carries (the first ones in walk order; all are in the sink). */
export const droppedChunksShown = 100;
/** Characters of a dropped chunk's text the report carries (around its first span). */
export const droppedTextLimit = 2000;

/** A dropped chunk as the report shows it: its (redacted) text and where scanners located the finding. */
export interface DroppedChunk {
  source: string;
  id: string;
  chunk?: number;
  page?: number;
  /** `pageContent`, or the `droppedTextLimit` characters around the first span of a longer one. */
  text: string;
  /** Set when `text` is a cut: its offset in the chunk and the chunk's length. */
  cut?: { from: number; length: number };
  scores: Record<string, number>;
  reasons: string[];
  /** Offsets into `text` per scanner. */
  spans?: ChunkSpans;
}

/** What the report learns from the chunks themselves. */
export interface ChunkStats {
  /** Per scanner: how many chunks scored in each tenth of [0, 1] (kept and dropped). */
  score_histograms: Record<string, number[]>;
  /** The first `droppedChunksShown` dropped chunks in walk order. */
  dropped_chunks: DroppedChunk[];
}

function scoresOf(record: SinkRecord): Record<string, number> {
  if (record.scores) return record.scores;
  const guard = record.metadata.guard;
  if (typeof guard === "object" && guard !== null && "scores" in guard) {
    return guard.scores as Record<string, number>;
  }
  // Flat metadata (a resumed run's lines): `guard.scores.<name>` keys.
  const prefix = "guard.scores.";
  const flat: Record<string, number> = {};
  for (const [key, value] of Object.entries(record.metadata)) {
    if (key.startsWith(prefix) && typeof value === "number") flat[key.slice(prefix.length)] = value;
  }
  return flat;
}

/** Cut a long text to `droppedTextLimit` characters around its first span, moving the spans. */
function cutText(text: string, spans: ChunkSpans | undefined) {
  if (text.length <= droppedTextLimit) return { text, ...(spans && { spans }) };
  const first = Math.min(...Object.values(spans ?? {}).flatMap((list) => list.map((s) => s.start)));
  const wanted = Number.isFinite(first) ? first - 200 : 0;
  const from = Math.max(0, Math.min(wanted, text.length - droppedTextLimit));
  const to = from + droppedTextLimit;
  const moved: ChunkSpans = {};
  for (const [key, list] of Object.entries(spans ?? {})) {
    moved[key] = list
      .filter((span) => span.end > from && span.start < to)
      .map((span) => ({
        start: Math.max(span.start, from) - from,
        end: Math.min(span.end, to) - from,
        score: span.score,
      }));
  }
  return {
    text: text.slice(from, to),
    cut: { from, length: text.length },
    ...(spans && { spans: moved }),
  };
}

function toDroppedChunk(record: SinkRecord): DroppedChunk {
  const { source, chunk, page } = record.metadata;
  return {
    source: String(source),
    id: record.id,
    ...(typeof chunk === "number" && { chunk }),
    ...(typeof page === "number" && { page }),
    ...cutText(record.pageContent, record.spans),
    scores: record.scores ?? {},
    reasons: record.reasons ?? [],
  };
}

/**
 * Count score histograms and keep the first dropped chunks for the report, from the records a
 * run writes: `tap(sink)` passes everything on to `sink` and takes a file's records into the
 * figures when the file ends (a file discarded half-way leaves no trace).
 *
 * @example
 * const stats = createChunkStats();
 * const report = await runIngest({ ...run, sink: stats.tap(sink) });
 * Object.assign(report, stats.build());
 */
export function createChunkStats() {
  const histograms: Record<string, number[]> = {};
  const dropped: DroppedChunk[] = [];
  let file = { histograms: {} as Record<string, number[]>, dropped: [] as DroppedChunk[] };
  const count = (into: Record<string, number[]>, name: string, bin: number, add: number) => {
    const bins = into[name] ?? new Array<number>(scoreBins).fill(0);
    into[name] = bins;
    bins[bin] = (bins[bin] ?? 0) + add;
  };
  const note = (records: readonly SinkRecord[]) => {
    for (const record of records) {
      for (const [name, score] of Object.entries(scoresOf(record))) {
        const bin = Math.min(scoreBins - 1, Math.max(0, Math.floor(score * scoreBins)));
        count(file.histograms, name, bin, 1);
      }
      if (!record.kept && dropped.length + file.dropped.length < droppedChunksShown) {
        file.dropped.push(toDroppedChunk(record));
      }
    }
  };
  const forget = () => {
    file = { histograms: {}, dropped: [] };
  };
  const keep = () => {
    for (const [name, bins] of Object.entries(file.histograms)) {
      for (const [bin, add] of bins.entries()) count(histograms, name, bin, add);
    }
    dropped.push(...file.dropped);
    forget();
  };
  return {
    tap(sink: Sink): Sink {
      const { summary } = sink;
      return {
        startFile(source) {
          forget();
          return sink.startFile(source);
        },
        write(records) {
          note(records);
          return sink.write(records);
        },
        endFile() {
          keep();
          return sink.endFile();
        },
        discardFile() {
          forget();
          return sink.discardFile();
        },
        commit: () => sink.commit(),
        abort: () => sink.abort(),
        ...(summary && { summary: () => summary.call(sink) }),
      };
    },
    build(): ChunkStats {
      return { score_histograms: histograms, dropped_chunks: dropped };
    },
  };
}
