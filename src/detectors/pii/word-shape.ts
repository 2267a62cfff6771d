/**
 * Shape tests on one word for the PERSON finder, on code units where the regexes and case
 * conversions they replace would allocate (a capitalised word meets them all); each says which
 * expression it equals.
 */

/** A capital, then at least one letter that upper-casing changes ("Jane", not "IBM" or "jane"). */
export function isCapitalized(word: string): boolean {
  const code = word.charCodeAt(0);
  // ASCII fast paths: a lower-case first letter is no capital; after an ASCII capital, the rest
  // changes under toUpperCase exactly when it holds a lower-case ASCII letter (all ASCII).
  if (code >= 97 && code <= 122) return false;
  if (code >= 65 && code <= 90) {
    let lower = false;
    for (let index = 1; index < word.length; index += 1) {
      const next = word.charCodeAt(index);
      if (next >= 128) return word.slice(1) !== word.slice(1).toUpperCase();
      if (next >= 97 && next <= 122) lower = true;
    }
    return lower;
  }
  const first = word[0] ?? "";
  return first !== first.toLowerCase() && word.slice(1) !== word.slice(1).toUpperCase();
}

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019;
}

/** `/['’]/.test(word.slice(1, 3))`: an apostrophe second or third. */
export function hasEarlyApostrophe(word: string): boolean {
  return isApostrophe(word.charCodeAt(1)) || isApostrophe(word.charCodeAt(2));
}

/** `/['’](?:ve|re|ll|d|t|m)$/.test(word)`: a contraction's ending ("I've", "don't"). */
export function endsInContraction(word: string): boolean {
  const length = word.length;
  const last = word.charCodeAt(length - 1);
  if (last === 100 || last === 116 || last === 109)
    return isApostrophe(word.charCodeAt(length - 2)); // d t m
  if (!isApostrophe(word.charCodeAt(length - 3))) return false;
  const second = word.charCodeAt(length - 2);
  return (
    (last === 101 && (second === 118 || second === 114)) || (last === 108 && second === 108) // ve re ll
  );
}
