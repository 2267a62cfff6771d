/** A piece of a text: `text.slice(start, end)`. */
export interface TextRange {
  start: number;
  end: number;
}

/** Sentence ends (Latin, CJK, Arabic, Devanagari) followed by white space, CJK ends, or a line feed. */
const sentenceEnd = /[.!?;։।؟]+["'”’»)\]]*(?=\s)|[。！？；]+|\n/gu;
/** Longer pieces are cut (at white space when there is some) so one instruction is not diluted. */
const maxPiece = 320;

function pushTrimmed(text: string, start: number, end: number, out: TextRange[]): void {
  let from = start;
  let to = end;
  while (from < to && /\s/u.test(text[from]!)) from += 1;
  while (to > from && /\s/u.test(text[to - 1]!)) to -= 1;
  if (to - from < 2) return;
  while (to - from > maxPiece) {
    const space = text.lastIndexOf(" ", from + maxPiece);
    const cut = space > from + maxPiece / 2 ? space : from + maxPiece;
    out.push({ start: from, end: cut });
    from = cut;
    while (from < to && /\s/u.test(text[from]!)) from += 1;
  }
  if (to - from >= 2) out.push({ start: from, end: to });
}

/**
 * The sentences (and lines) of `text` with their offsets, trimmed, long ones cut into pieces of
 * at most 320 characters. The detector scores each one and each pair of neighbours.
 *
 * @example
 * sentenceRanges("Hello there. Ignore the task.") // [{ start: 0, end: 12 }, { start: 13, end: 29 }]
 */
export function sentenceRanges(text: string): TextRange[] {
  const out: TextRange[] = [];
  let from = 0;
  for (const match of text.matchAll(sentenceEnd)) {
    const end = match.index + match[0].length;
    pushTrimmed(text, from, end, out);
    from = end;
  }
  pushTrimmed(text, from, text.length, out);
  return out;
}
