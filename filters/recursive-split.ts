/** The recursive splitter's default separators, tried in this order (`""` cuts anywhere). */
export const defaultSeparators: readonly string[] = ["\n\n", "\n", " ", ""];

/** Chunk size and overlap, in UTF-16 code units (the default `lengthFunction`). */
export interface SplitSizes {
  readonly chunkSize: number;
  readonly chunkOverlap: number;
}

/**
 * The chunks LangChain's `RecursiveCharacterTextSplitter.splitText` gives with its defaults
 * (separators `["\n\n", "\n", " ", ""]`, `keepSeparator`, length in code units), without its
 * per-piece strings and `await`s: the text is cut into pieces by offsets (a piece is a range of
 * the text, cut before every separator as `text.split(/(?=separator)/)` would), pieces shorter
 * than `chunkSize` are merged as LangChain's `mergeSplits` merges them (its overlap rule
 * included), and each merged chunk is one slice of the text, trimmed.
 *
 * @example
 * splitRecursively("a\n\nb", { chunkSize: 2, chunkOverlap: 0 }); // ["a", "b"]
 */
export function splitRecursively(text: string, sizes: SplitSizes): string[] {
  const chunks: string[] = [];
  splitRange(text, 0, text.length, 0, sizes, chunks);
  return chunks;
}

/** Split `text[start, end)` with the separators from `level` on, appending to `out`. */
function splitRange(
  text: string,
  start: number,
  end: number,
  level: number,
  sizes: SplitSizes,
  out: string[],
): void {
  let chosen = level;
  const lastLevel = defaultSeparators.length - 1;
  while (chosen < lastLevel && !containsWithin(text, defaultSeparators[chosen] ?? "", start, end)) {
    chosen++;
  }
  const cuts = cutPoints(text, start, end, defaultSeparators[chosen] ?? "");
  const pieces = cuts.length - 1;
  let runStart = -1;
  for (let piece = 0; piece < pieces; piece++) {
    const from = cuts[piece] as number;
    const to = cuts[piece + 1] as number;
    if (to - from < sizes.chunkSize) {
      if (runStart < 0) runStart = piece;
      continue;
    }
    if (runStart >= 0) {
      mergeRun(text, cuts, runStart, piece, sizes, out);
      runStart = -1;
    }
    if (chosen === lastLevel) out.push(text.slice(from, to));
    else splitRange(text, from, to, chosen + 1, sizes, out);
  }
  if (runStart >= 0) mergeRun(text, cuts, runStart, pieces, sizes, out);
}

/** True when `separator` occurs wholly inside `text[start, end)`. */
function containsWithin(text: string, separator: string, start: number, end: number): boolean {
  const at = text.indexOf(separator, start);
  return at !== -1 && at + separator.length <= end;
}

/**
 * The boundaries of the pieces of `text[start, end)`: `start`, a cut before every occurrence of
 * `separator` wholly inside the range (overlapping ones included) except at `start`, then `end`;
 * with `""` a cut between every two code units. An empty range has no piece.
 */
export function cutPoints(text: string, start: number, end: number, separator: string): number[] {
  if (start >= end) return [start];
  const cuts = [start];
  if (separator === "") {
    for (let at = start + 1; at <= end; at++) cuts.push(at);
    return cuts;
  }
  const last = end - separator.length;
  let at = text.indexOf(separator, start + 1);
  while (at !== -1 && at <= last) {
    cuts.push(at);
    at = text.indexOf(separator, at + 1);
  }
  cuts.push(end);
  return cuts;
}

/**
 * LangChain's `mergeSplits` (separator `""`) over the pieces `first` to `stop - 1`, which are
 * contiguous: a chunk is flushed when the next piece would pass `chunkSize`, then pieces are
 * dropped from its front until at most `chunkOverlap` (and room for the next piece) remain.
 */
function mergeRun(
  text: string,
  cuts: readonly number[],
  first: number,
  stop: number,
  sizes: SplitSizes,
  out: string[],
): void {
  const { chunkSize, chunkOverlap } = sizes;
  let head = first;
  let total = 0;
  for (let piece = first; piece < stop; piece++) {
    const length = (cuts[piece + 1] as number) - (cuts[piece] as number);
    if (total + length > chunkSize && piece > head) {
      pushTrimmed(text, cuts[head] as number, cuts[piece] as number, out);
      while (total > chunkOverlap || (total + length > chunkSize && total > 0)) {
        total -= (cuts[head + 1] as number) - (cuts[head] as number);
        head++;
      }
    }
    total += length;
  }
  if (stop > head) pushTrimmed(text, cuts[head] as number, cuts[stop] as number, out);
}

function pushTrimmed(text: string, from: number, to: number, out: string[]): void {
  const chunk = text.slice(from, to).trim();
  if (chunk !== "") out.push(chunk);
}

/**
 * The number of `\n` in `text.slice(start, end)` (negative or missing bounds as `slice` reads
 * them), without the slice: LangChain's `numberOfNewLines`.
 */
export function countNewLines(text: string, start = 0, end = text.length): number {
  const length = text.length;
  const from = start < 0 ? Math.max(length + start, 0) : Math.min(start, length);
  const to = end < 0 ? Math.max(length + end, 0) : Math.min(end, length);
  let count = 0;
  let at = text.indexOf("\n", from);
  while (at !== -1 && at < to) {
    count++;
    at = text.indexOf("\n", at + 1);
  }
  return count;
}
