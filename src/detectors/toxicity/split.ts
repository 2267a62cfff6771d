import { splitPieces } from "../text-features/segments.js";

/** Longest piece scored at once; sentences are grouped up to this size, longer ones are cut. */
const maxPieceLength = 320;
/**
 * The pieces a text is scored in: whole sentences grouped into pieces of up to ~320 characters,
 * so one abusive sentence in a 1000-character chunk is not diluted, while short texts and
 * quotations spanning two sentences stay whole.
 */
export function splitForScoring(folded: string): string[] {
  if (folded.length <= maxPieceLength) return [folded];
  const out: string[] = [];
  let current = "";
  for (const sentence of splitPieces(folded)) {
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
