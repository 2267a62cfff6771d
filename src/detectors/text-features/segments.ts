/** Sentence-ish pieces: lines, then sentence ends followed by a space. */
const boundary = /(?<=[.!?;])\s+(?=\S)|\n+/u;
const minPiece = 12;

/**
 * Split text into sentences and lines, merging fragments shorter than a few words into the next
 * piece so abbreviations and list numbers do not stand alone.
 */
export function splitPieces(text: string): string[] {
  const out: string[] = [];
  let pending = "";
  for (const raw of text.split(boundary)) {
    const piece = raw.trim();
    if (piece === "") continue;
    pending = pending === "" ? piece : `${pending} ${piece}`;
    if (pending.length >= minPiece) {
      out.push(pending);
      pending = "";
    }
  }
  if (pending !== "") {
    if (out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${pending}`;
    else out.push(pending);
  }
  return out;
}

/** The pieces a sentence-level model scores, each cut to `maxUnitLength` characters. */
export function scoringPieces(text: string, maxUnitLength = 600): string[] {
  return splitPieces(text).map((piece) => piece.slice(0, maxUnitLength));
}

/**
 * Where the two-piece windows of {@link scoringUnits} start: each pair of neighbouring pieces
 * shorter than `maxWindow` characters together.
 */
export function windowStarts(pieces: readonly string[], maxWindow = 160): number[] {
  const out: number[] = [];
  for (let start = 0; start + 1 < pieces.length; start += 1) {
    // Long sentences stand on their own; short neighbours (a header and its line) are joined.
    if (pieces[start]!.length + pieces[start + 1]!.length < maxWindow) out.push(start);
  }
  return out;
}

/** The text of the window that starts at piece `start`. */
export function windowText(pieces: readonly string[], start: number): string {
  return `${pieces[start]} ${pieces[start + 1]}`;
}

/**
 * The units a sentence-level model scores: every piece, plus each pair of neighbouring pieces
 * shorter than `maxWindow` characters together, so an instruction split over a short header
 * and its sentence is still seen whole.
 *
 * @example
 * scoringUnits("A first one. A second one. A third one.") // 3 pieces + 2 windows
 */
export function scoringUnits(text: string, maxWindow = 160, maxUnitLength = 600): string[] {
  const pieces = scoringPieces(text, maxUnitLength);
  return [...pieces, ...windowStarts(pieces, maxWindow).map((start) => windowText(pieces, start))];
}
