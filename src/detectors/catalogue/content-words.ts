/** Words too common to say what a text is about (English function words). */
const stopWords: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have " +
    "having he her here hers him his how i if in into is it its itself just me more most my no nor " +
    "not of off on once only or other our ours out over own same she should so some such than that " +
    "the their theirs them then there these they this those through to too under until up very was " +
    "we were what when where which while who whom why will with would you your yours also about " +
    "any all each few both again against below above after before because between during further " +
    "please tell give make let lets get got use using may might must shall yes ok okay sure"
  ).split(" "),
);

/** A crude English stem: enough to match `booking`/`booked`/`books` with `book`. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ing|edly|ed|ies|es|s|ly|ment|ness|er|est)$/u, "") || word;
}

/**
 * The content words of a text: lower-cased letters and digits, stop words dropped, stemmed.
 * Numbers are kept whole (`3.5`, `2024`) since a changed number is what a fact check looks for.
 */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/\p{N}+(?:[.,]\p{N}+)*|\p{L}[\p{L}\p{M}'-]*/gu) ?? [];
  return words
    .filter((word) => !stopWords.has(word))
    .map((word) => (/^\p{N}/u.test(word) ? word : stem(word)));
}

/** Share of `words` (with repeats) that appear in `known`; 1 for no words. */
export function coverage(words: readonly string[], known: ReadonlySet<string>): number {
  if (words.length === 0) return 1;
  let found = 0;
  for (const word of words) if (known.has(word)) found += 1;
  return found / words.length;
}

/** Cosine similarity of two texts' content-word counts, 0..1. */
export function wordCosine(a: readonly string[], b: readonly string[]): number {
  const count = (words: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  };
  const ca = count(a);
  const cb = count(b);
  let dot = 0;
  for (const [word, n] of ca) dot += n * (cb.get(word) ?? 0);
  const norm = (counts: Map<string, number>) =>
    Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));
  const denominator = norm(ca) * norm(cb);
  return denominator === 0 ? 0 : dot / denominator;
}
