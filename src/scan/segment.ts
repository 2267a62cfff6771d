import { MatchType } from "./match-type.js";

const minSentenceLength = 12;
const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * Split text into sentences. `Intl.Segmenter` breaks after abbreviations ("Dr.", "e.g."), so
 * fragments shorter than a few words are merged into the next sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let pending = "";
  for (const { segment } of sentenceSegmenter.segment(text)) {
    pending += segment;
    if (pending.trim().length >= minSentenceLength) {
      out.push(pending.trim());
      pending = "";
    }
  }
  if (pending.trim() !== "") {
    if (out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${pending.trim()}`;
    else out.push(pending.trim());
  }
  return out;
}

/** Fixed-size character windows with an overlap. */
export function splitWindows(text: string, size = 256, overlap = 25): string[] {
  if (text.length <= size) return [text];
  const out: string[] = [];
  const step = size - overlap;
  for (let start = 0; start < text.length; start += step) {
    out.push(text.slice(start, start + size));
    if (start + size >= text.length) break;
  }
  return out;
}

/** The first and last `keep` characters joined by "...", or the text when it is short. */
export function headTail(text: string, keep = 126): string {
  if (text.length <= keep * 2 + 3) return text;
  return `${text.slice(0, keep)}...${text.slice(-keep)}`;
}

/** The first `head` and last `tail` whitespace-separated tokens. */
export function tokenHeadTail(text: string, head = 128, tail = 382): string {
  const tokens = text.split(/\s+/).filter((token) => token !== "");
  if (tokens.length <= head + tail) return text;
  return [...tokens.slice(0, head), ...tokens.slice(-tail)].join(" ");
}

/** The parts of `text` a classifier scores under `matchType`. */
export function segmentText(text: string, matchType: MatchType): string[] {
  switch (matchType) {
    case MatchType.FULL:
      return [text];
    case MatchType.SENTENCE:
      return splitSentences(text);
    case MatchType.CHUNKS:
      return splitWindows(text);
    case MatchType.TRUNCATE_HEAD_TAIL:
      return [headTail(text)];
    case MatchType.TRUNCATE_TOKEN_HEAD_TAIL:
      return [tokenHeadTail(text)];
  }
}
