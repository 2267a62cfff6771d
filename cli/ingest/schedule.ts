import { loaderNameFor } from "../../loaders/formats.js";
import type { LoaderName } from "../../loaders/types.js";

/**
 * Relative CPU per input byte of each format (load + split + scan), from the bench corpus
 * (`dist/cli/bench/ingestion-load-cost.js` and the scanners on its chunks): a PDF byte holds ~2x
 * the text of a markdown byte and pdf.js parses it at ~2 CPU-s per MB.
 */
const costPerByte: Readonly<Record<LoaderName, number>> = {
  text: 1,
  markdown: 1,
  html: 1,
  json: 1,
  jsonl: 1,
  csv: 1,
  docx: 3,
  pdf: 8,
};

/** A file's estimated cost: its size weighted by its format (unknown formats count as text). */
export function estimateCost(bytes: number, loader: LoaderName | undefined): number {
  return bytes * (loader ? costPerByte[loader] : 1);
}

/** Each file's estimated cost, and whether it is a PDF, in the order of `paths`. */
export function fileCosts(
  paths: readonly string[],
  sizes: readonly number[],
): { costs: number[]; isPdf: boolean[] } {
  const formats = paths.map((path) => loaderNameFor(path));
  return {
    costs: formats.map((format, index) => estimateCost(sizes[index] ?? 0, format)),
    isPdf: formats.map((format) => format === "pdf"),
  };
}

/** Limits of the file scheduler: how far ahead of the writer it may start files, and how much. */
export interface ScheduleLimits {
  /** Files being loaded and scanned at once. */
  active: number;
  /** Files may start at most this many places past the next one to be written (walk order). */
  lookahead: number;
  /**
   * Input bytes of started files not yet written: past it only the next file to be written may
   * start, so a run never holds more than this (plus that one file) in chunks and scans.
   */
  maxHeldBytes: number;
  /**
   * PDFs being loaded at once, at most (PDFs load only on the threads that have pdf.js, see
   * {@link pdfThreadsFor}): unlimited when absent. More would queue behind each other on those
   * threads while the others run out of files.
   */
  pdfActive?: number;
}

/** What the scheduler knows of the run so far. */
export interface ScheduleState {
  /** Index (walk order) of the next file to be written. */
  next: number;
  /** Files started and not yet written, by index. */
  started: ReadonlySet<number>;
  /** Files started and not yet finished loading and scanning. */
  active: number;
  /** Input bytes of the started files not yet written. */
  heldBytes: number;
  /** PDFs started and not yet finished loading and scanning (0 when absent). */
  pdfActive?: number;
}

/**
 * Worker threads that load the run's PDFs: enough for the PDFs' share of the estimated cost, at
 * least one when the run has PDFs and none otherwise. Every other thread never imports pdf.js,
 * whose first pass (import and JIT) costs ~1.5 CPU-s per thread.
 *
 * @example
 * pdfThreadsFor([8, 1, 1], [true, false, false], 2); // 2 (the PDF is 80% of the cost)
 */
export function pdfThreadsFor(
  costs: readonly number[],
  isPdf: readonly boolean[],
  threads: number,
): number {
  let pdf = 0;
  let total = 0;
  costs.forEach((cost, index) => {
    total += cost;
    if (isPdf[index]) pdf += cost;
  });
  if (!isPdf.some(Boolean)) return 0;
  const share = total > 0 ? pdf / total : 1;
  return Math.min(threads, Math.max(1, Math.ceil(share * threads)));
}

/** A file this many times costlier than the next one in walk order is started before it. */
export const heavyFileFactor = 4;

/**
 * The file to start now, or undefined. Files start in walk order, but a heavy file (at least
 * {@link heavyFileFactor} times the cost of the first file not yet started) within the lookahead
 * starts first, so a long PDF does not run alone at the end; the writer still writes in walk order.
 * A file may start while the file before it is still running (up to `lookahead` files past the
 * next to write), so a slow head file does not leave a core idle. Nothing starts when `active`
 * files run; past `maxHeldBytes` only the next file to write may start; a PDF (`isPdf`) does not
 * start while `pdfActive` PDFs run.
 *
 * @example
 * const index = pickNextFile(costs, sizes, { next: 0, started: new Set(), active: 0, heldBytes: 0 }, limits);
 */
export function pickNextFile(
  costs: readonly number[],
  sizes: readonly number[],
  state: ScheduleState,
  limits: ScheduleLimits,
  isPdf: readonly boolean[] = [],
): number | undefined {
  if (state.active >= limits.active) return undefined;
  const pdfFull = (state.pdfActive ?? 0) >= (limits.pdfActive ?? Number.POSITIVE_INFINITY);
  const end = Math.min(costs.length, state.next + limits.lookahead);
  let first: number | undefined;
  let heaviest: number | undefined;
  for (let index = state.next; index < end; index += 1) {
    if (state.started.has(index) || (pdfFull && isPdf[index])) continue;
    const fits =
      index === state.next || state.heldBytes + (sizes[index] ?? 0) <= limits.maxHeldBytes;
    if (!fits) continue;
    first ??= index;
    if (heaviest === undefined || (costs[index] ?? 0) > (costs[heaviest] ?? 0)) heaviest = index;
  }
  if (first === undefined || heaviest === undefined) return undefined;
  return (costs[heaviest] ?? 0) >= heavyFileFactor * (costs[first] ?? 0) ? heaviest : first;
}
