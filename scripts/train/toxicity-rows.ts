/** One labelled training text and where it came from. */
export interface LabelledText {
  text: string;
  label: 0 | 1;
  source: string;
  /** Loss weight (sources are re-balanced so none dominates). */
  weight: number;
}

/** Tweets carry retweet markers, handles, links and HTML entities that ordinary text does not. */
export function cleanTweet(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#\d+;/g, " ")
    .replace(/\bRT\b:?/g, " ")
    .replace(/@\w+:?/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
