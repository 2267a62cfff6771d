import { splitPieces } from "../text-features/segments.js";

/** Longest piece scored at once; sentences are grouped up to this size, longer ones are cut. */
const maxPieceLength = 320;
/**
 * The pieces a text is scored in: whole sentences grouped into pieces of up to ~320 characters,
 * so one abusive sentence in a 1000-character chunk is not diluted, while short texts and
 * quotations spanning two sentences stay whole.
 *
 * A piece's sentences are joined once, when the piece is full: adding them one by one made a
 * deep tree of concatenations that the tokenizer's first `charCodeAt` had to flatten through a
 * runtime call (≈ 20% of the tokenizer's time on 1000-character chunks). Same pieces either way.
 */
export function splitForScoring(folded: string): string[] {
  if (folded.length <= maxPieceLength) return [folded];
  const out: string[] = [];
  // The sentences of the piece being filled; never starts with "" (joined, it would be "").
  let group: string[] = [];
  // Length of `group.join(" ")`.
  let length = 0;
  for (const sentence of splitPieces(folded)) {
    if (group.length > 0 && length + sentence.length + 1 > maxPieceLength) {
      out.push(group.join(" "));
      group = [];
      length = 0;
    }
    if (sentence.length > maxPieceLength) {
      for (let start = 0; start < sentence.length; start += maxPieceLength)
        out.push(sentence.slice(start, start + maxPieceLength));
      continue;
    }
    if (group.length === 0) {
      if (sentence === "") continue;
      length = sentence.length;
    } else length += sentence.length + 1;
    group.push(sentence);
  }
  if (group.length > 0) out.push(group.join(" "));
  return out;
}
