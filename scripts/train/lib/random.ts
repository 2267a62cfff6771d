/** A seeded pseudo-random generator (mulberry32) so every training run is reproducible. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, max). */
  int(max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Create a seeded generator.
 *
 * @example
 * const random = createRandom(42); random.pick(["a", "b"]);
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(items.length)]!;
    },
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]) => {
      const out = [...items];
      for (let index = out.length - 1; index > 0; index -= 1) {
        const other = int(index + 1);
        [out[index], out[other]] = [out[other]!, out[index]!];
      }
      return out;
    },
  };
}

/** Split a list into train and validation parts: every `every`-th item (after a seeded shuffle) validates. */
export function splitHoldout<T>(
  items: readonly T[],
  every: number,
  random: Random,
): { train: T[]; validation: T[] } {
  const train: T[] = [];
  const validation: T[] = [];
  for (const [index, item] of random.shuffle(items).entries()) {
    (index % every === 0 ? validation : train).push(item);
  }
  return { train, validation };
}
