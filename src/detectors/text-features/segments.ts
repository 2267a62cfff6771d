const minPiece = 12;

/** Whether `code` is whitespace as `\s` and `String.prototype.trim` see it. */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `.`, `!`, `?` or `;`. */
function endsSentence(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 59;
}

/** Where a boundary can start: a sentence end and a space after it, or a line feed. */
const boundaryCandidate = /[.!?;]\s|\n/g;

/**
 * The pieces of `text.split(/(?<=[.!?;])\s+(?=\S)|\n+/u)` (sentence ends followed by white
 * space, and runs of line feeds), without the look-behind regex (which V8 tries at every
 * position): a plain regex finds the few places a boundary can start, and each is checked by
 * hand (whitespace after a sentence end followed by more text, or a run of line feeds).
 */
function splitAtBoundaries(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  const candidates = new RegExp(boundaryCandidate);
  for (let found = candidates.exec(text); found !== null; found = candidates.exec(text)) {
    // The whitespace (or line feed) where the boundary would start.
    const index = text.charCodeAt(found.index) === 10 ? found.index : found.index + 1;
    let end = index;
    if (endsSentence(text.charCodeAt(index - 1))) {
      while (end < text.length && isSpace(text.charCodeAt(end))) end += 1;
      if (end === text.length) end = index;
    }
    if (end === index && text.charCodeAt(index) === 10) {
      end = index + 1;
      while (end < text.length && text.charCodeAt(end) === 10) end += 1;
    }
    if (end === index) {
      candidates.lastIndex = index + 1;
      continue;
    }
    out.push(text.slice(from, index));
    from = end;
    candidates.lastIndex = end;
  }
  out.push(text.slice(from));
  return out;
}

/**
 * Split text into sentences and lines, merging fragments shorter than a few words into the next
 * piece so abbreviations and list numbers do not stand alone. The prompt-injection units and
 * the toxicity pieces both start from here.
 */
export function splitPieces(text: string): string[] {
  const out: string[] = [];
  let pending = "";
  for (const raw of splitAtBoundaries(text)) {
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
