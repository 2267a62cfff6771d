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
  const pieces: string[] = [];
  let start = 0;
  let at = text.indexOf(separator, 1);
  while (at !== -1) {
    pieces.push(text.slice(start, at));
    start = at;
    at = text.indexOf(separator, at + 1);
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
