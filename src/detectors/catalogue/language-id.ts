/** The language of a text as `eld` (the Efficient Language Detector, 60 languages) sees it. */
export interface LanguageGuess {
  /** ISO 639-1 code, or "" when nothing was recognised. */
  language: string;
  /** eld's score for that language, 0..1 (not a probability: a close second scores near it). */
  score: number;
  /** eld's own reliability check (enough n-grams, a clear lead). */
  reliable: boolean;
}

type Eld = typeof import("eld/small")["eld"];

/** Load eld's small n-gram database (about 1.6 MB, once per process, on first use). */
export async function loadLanguageDetector(): Promise<(text: string) => LanguageGuess> {
  const { eld }: { eld: Eld } = await import("eld/small");
  return (text) => {
    const result = eld.detect(text);
    const score = result.language === "" ? 0 : (result.getScores()[result.language] ?? 0);
    return { language: result.language, score, reliable: result.isReliable() };
  };
}
