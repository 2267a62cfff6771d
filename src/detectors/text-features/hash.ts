const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;

/**
 * 32-bit FNV-1a hash of `text` (UTF-16 code units), started from `seed` so feature families
 * (words, bigrams, character n-grams) land in different buckets.
 *
 * @example
 * hashString("ignore") === hashString("ignore") // true
 */
export function hashString(text: string, seed = fnvOffset): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, fnvPrime);
  }
  return hash >>> 0;
}

/** FNV-1a over `length` code units of `text` starting at `start`, without building a substring. */
export function hashSlice(text: string, start: number, length: number, seed: number): number {
  let hash = seed >>> 0;
  const end = start + length;
  for (let index = start; index < end; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, fnvPrime);
  }
  return hash >>> 0;
}
