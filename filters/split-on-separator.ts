import { cutPoints } from "./recursive-split.js";

/**
 * Separators {@link splitKeepingSeparator} handles: the recursive splitter's defaults. Any other
 * separator goes through LangChain's own (regular expression) split.
 */
export const plainSeparators: ReadonlySet<string> = new Set(["\n\n", "\n", " "]);

/**
 * The pieces LangChain's `TextSplitter.splitOnSeparator` gives with `keepSeparator` (the recursive
 * splitter's default), `text.split(/(?=separator)/)` without empty pieces, found with `indexOf`
 * instead of a look-ahead tried at every character: a cut before every occurrence of `separator`
 * (overlapping ones included, as in "\n\n\n"), except at the start of the text.
 *
 * @example
 * splitKeepingSeparator("a\n\nb\n\n\nc", "\n\n"); // ["a", "\n\nb", "\n", "\n\nc"]
 */
export function splitKeepingSeparator(text: string, separator: string): string[] {
  const cuts = cutPoints(text, 0, text.length, separator);
  return cuts.slice(1).map((end, index) => text.slice(cuts[index], end));
}
