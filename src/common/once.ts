/**
 * Memoise a zero-argument factory: the first call builds the value, later calls return it.
 * Used for immutable shared data (shipped weights, compiled lexicons) that is expensive to build
 * and must not be rebuilt per scanner instance.
 *
 * @example
 * const loadModel = once(() => parseModel(readFileSync(path, "utf8")));
 */
export function once<T>(factory: () => T): () => T {
  let built = false;
  let value: T | undefined;
  return () => {
    if (!built) {
      value = factory();
      built = true;
    }
    return value as T;
  };
}
