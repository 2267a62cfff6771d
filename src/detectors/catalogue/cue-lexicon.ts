/**
 * Count distinct cue words (or phrases) of each label in a text: the built-in scorer behind
 * BanTopics, EmotionDetection and Bias. A cue matches as a whole word, case-insensitively, with
 * an optional English ending (`-s`, `-ed`, `-ing`, `-ly`) after an optional doubled last consonant,
 * so `kill` matches `killed` and `stab` matches `stabbed`.
 */
export function compileCues(
  lexicon: Readonly<Record<string, readonly string[]>>,
): Map<string, RegExp> {
  const compiled = new Map<string, RegExp>();
  for (const [label, cues] of Object.entries(lexicon)) {
    if (cues.length === 0) continue;
    const body = cues
      .map((cue) => {
        const escaped = cue.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
        return /[b-df-hj-np-tv-z]$/.test(cue) ? `${escaped}${cue.at(-1)}?` : escaped;
      })
      .join("|");
    compiled.set(
      label,
      new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${body})(?:s|es|ed|d|ing|ly|er|ers)?(?![\\p{L}\\p{N}])`,
        "giu",
      ),
    );
  }
  return compiled;
}

/** Distinct cues of `pattern` found in `text` (lower-cased). */
export function distinctCues(pattern: RegExp, text: string): Set<string> {
  pattern.lastIndex = 0;
  return new Set([...text.matchAll(pattern)].map((match) => match[0].toLowerCase()));
}

/** Evidence from `n` distinct cues as a 0..1 score: 1 − 0.5ⁿ (one cue 0.5, two 0.75, three 0.875). */
export function cueScore(n: number): number {
  return 1 - 0.5 ** n;
}
