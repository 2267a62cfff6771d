const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;
const space = 32;

/** Character classes of the token pattern `[\p{L}\p{N}]+|[^\s\p{L}\p{N}]`. */
enum CharClass {
  Other = 0,
  Word = 1,
  Space = 2,
}

const wordChar = /^[\p{L}\p{N}]$/u;
const spaceChar = /^\s$/u;

/** ASCII classes, looked up directly; other code points go through the regexes. */
const asciiClasses = Uint8Array.from({ length: 128 }, (_, code) => classifyCodePoint(code));

function classifyCodePoint(code: number): CharClass {
  const char = String.fromCodePoint(code);
  if (wordChar.test(char)) return CharClass.Word;
  return spaceChar.test(char) ? CharClass.Space : CharClass.Other;
}

/** Class of the non-ASCII code point at `index` (`width` code units), memoised in `out` for the BMP. */
function classifyAt(
  text: string,
  index: number,
  code: number,
  width: 1 | 2,
  out: TokenCodes,
): CharClass {
  if (width === 2) return classifyCodePoint(text.codePointAt(index)!);
  out.classes ??= new Uint8Array(0x10000);
  const known = out.classes[code]!;
  if (known !== 0) return (known - 1) as CharClass;
  const found = classifyCodePoint(code);
  out.classes[code] = found + 1;
  return found;
}

/** Code units of the code point at `index`: 2 for a surrogate pair, else 1 (lone surrogates too). */
function codePointWidth(text: string, index: number, code: number): 1 | 2 {
  if (code < 0xd800 || code > 0xdbff || index + 1 >= text.length) return 1;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/**
 * The tokens of a text as the featurizer needs them, without a string per token: each token's
 * FNV-1a hash, and the UTF-16 code units of `" " + tokens.join(" ") + " "`.
 */
export interface TokenCodes {
  /** FNV-1a hash of each token, in order (`hashes[0..count)`). */
  hashes: Uint32Array;
  count: number;
  /** Code units of the space-joined tokens with a space on each side (`joined[0..length)`). */
  joined: Uint16Array;
  length: number;
  /** Classes of the BMP code points met so far, plus one (0: not looked up yet); made on first use. */
  classes?: Uint8Array;
}

/** Reusable buffers for {@link tokenCodes}; they grow as needed. */
export function createTokenCodes(): TokenCodes {
  return { hashes: new Uint32Array(64), count: 0, joined: new Uint16Array(512), length: 0 };
}

/**
 * Fill `out` with the tokens of normalised `text` exactly as `text.match(tokenPattern)` finds
 * them (runs of letters and digits; any other non-space code point alone), hashed with
 * `hashString` and joined by single spaces, in one pass over the text.
 */
export function tokenCodes(text: string, out: TokenCodes = createTokenCodes()): TokenCodes {
  beginTokenCodes(out, text.length);
  appendTokenCodes(text, out);
  return finishTokenCodes(out);
}

/**
 * Empty `out` for a text of up to `size` code units, to be given in parts with
 * {@link appendTokenCodes} and closed with {@link finishTokenCodes}.
 */
export function beginTokenCodes(out: TokenCodes, size: number): void {
  // Each token adds at most one hash, and the joined form is at most 2 units per text unit + 1.
  if (out.hashes.length < size) out.hashes = new Uint32Array(size * 2);
  if (out.joined.length < size * 2 + 1) out.joined = new Uint16Array(size * 4 + 2);
  out.joined[0] = space;
  out.count = 0;
  out.length = 1;
}

/**
 * Add the tokens of `text` to `out`. A space ends every token, so appending the words of
 * `words.join(" ")` one by one gives exactly the codes of the joined text (without building it).
 * A word's units are classified, hashed and copied in the same pass (ASCII needs one table
 * load per unit).
 */
export function appendTokenCodes(text: string, out: TokenCodes): void {
  const { hashes, joined } = out;
  let count = out.count;
  let length = out.length;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let width: 1 | 2 = 1;
    let charClass: CharClass;
    if (code < 128) charClass = asciiClasses[code]!;
    else {
      width = codePointWidth(text, index, code);
      charClass = classifyAt(text, index, code, width, out);
    }
    if (charClass === CharClass.Space) {
      index += width;
      continue;
    }
    let hash = fnvOffset;
    if (charClass === CharClass.Other) {
      for (const end = index + width; index < end; index += 1) {
        const unit = text.charCodeAt(index);
        hash = Math.imul(hash ^ unit, fnvPrime);
        joined[length] = unit;
        length += 1;
      }
    } else {
      // A run of letters and digits: up to the first code point of another class.
      while (index < text.length) {
        const unit = text.charCodeAt(index);
        if (unit < 128) {
          if (asciiClasses[unit] !== CharClass.Word) break;
          hash = Math.imul(hash ^ unit, fnvPrime);
          joined[length] = unit;
          length += 1;
          index += 1;
          continue;
        }
        const unitWidth = codePointWidth(text, index, unit);
        if (classifyAt(text, index, unit, unitWidth, out) !== CharClass.Word) break;
        for (const end = index + unitWidth; index < end; index += 1) {
          const part = text.charCodeAt(index);
          hash = Math.imul(hash ^ part, fnvPrime);
          joined[length] = part;
          length += 1;
        }
      }
    }
    hashes[count] = hash >>> 0;
    count += 1;
    joined[length] = space;
    length += 1;
  }
  out.count = count;
  out.length = length;
}

/** Close the codes begun by {@link beginTokenCodes}. */
export function finishTokenCodes(out: TokenCodes): TokenCodes {
  // `" " + [].join(" ") + " "` is two spaces.
  if (out.count === 0) {
    out.joined[out.length] = space;
    out.length += 1;
  }
  return out;
}
