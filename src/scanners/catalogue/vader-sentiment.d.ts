// vader-sentiment ships no types; the one function ragguard calls.
declare module "vader-sentiment" {
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
}
