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

/**
 * The units a sentence-level model scores: every piece, plus windows of `span` consecutive
 * pieces so an instruction split over two sentences is still seen whole.
 *
 * @example
 * scoringUnits("A first one. A second one. A third one.", 2) // 3 pieces + 2 windows
 */
export function scoringUnits(text: string, span = 2, maxUnitLength = 600): string[] {
  const pieces = splitPieces(text).map((piece) => piece.slice(0, maxUnitLength));
  const units = [...pieces];
  for (let start = 0; start + span <= pieces.length; start += 1) {
    units.push(
      pieces
        .slice(start, start + span)
        .join(" ")
        .slice(0, maxUnitLength),
    );
  }
  return units;
}
