/** Longest piece scored at once; sentences are grouped up to this size, longer ones are cut. */
const maxPieceLength = 320;
/** Fragments shorter than this are merged into the next sentence (as `splitPieces` does). */
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
 * The pieces of `text.split(/(?<=[.!?;])\s+(?=\S)|\n+/u)`, without the look-behind regex (which
 * V8 tries at every position): a plain regex finds the few places a boundary can start, and
 * each is checked by hand (whitespace after a sentence end followed by more text, or a run of
 * line feeds). Half the time of the split on a 1000-character chunk.
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
 * Sentences and lines of `text`, fragments shorter than a few words merged into the next piece:
 * exactly `splitPieces` of `text-features/segments.ts` (a test holds them equal), in one pass.
 */
export function splitSentences(text: string): string[] {
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

/**
 * The pieces a text is scored in: whole sentences grouped into pieces of up to ~320 characters,
 * so one abusive sentence in a 1000-character chunk is not diluted, while short texts and
 * quotations spanning two sentences stay whole.
 */
export function splitForScoring(folded: string): string[] {
  if (folded.length <= maxPieceLength) return [folded];
  const out: string[] = [];
  let current = "";
  for (const sentence of splitSentences(folded)) {
    if (current !== "" && current.length + sentence.length + 1 > maxPieceLength) {
      out.push(current);
      current = "";
    }
    if (sentence.length > maxPieceLength) {
      for (let start = 0; start < sentence.length; start += maxPieceLength)
        out.push(sentence.slice(start, start + maxPieceLength));
      continue;
    }
    current = current === "" ? sentence : `${current} ${sentence}`;
  }
  if (current !== "") out.push(current);
  return out;
}
