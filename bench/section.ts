/** One section of `npm run bench`: it measures, then renders its own table. */
export interface BenchSection {
  readonly name: string;
  readonly title: string;
  /** Runs the measurement; `quick` runs each for about a second (a smoke check). */
  run(options: { quick: boolean }): Promise<BenchOutput>;
}

export interface BenchOutput {
  /** Figures as they go into bench/results.json. */
  figures: unknown;
  header: string[];
  rows: string[][];
  /** Lines printed under the table: goals, anchors, notes. */
  notes: string[];
}
