import { homoglyphs } from "./homoglyphs.js";
import { foldLeetspeak } from "./leetspeak.js";

/** Zero-width, bidi-control, soft-hyphen, variation-selector and Unicode tag characters. */
const invisibleRanges = [
  "\\u00AD",
  "\\u034F",
  "\\u061C",
  "\\u115F",
  "\\u1160",
  "\\u17B4",
  "\\u17B5",
  "\\u180B-\\u180F",
  "\\u200B-\\u200F",
  "\\u202A-\\u202E",
  "\\u2060-\\u2064",
  "\\u206A-\\u206F",
  "\\u3164",
  "\\uFE00-\\uFE0F",
  "\\uFEFF",
  "\\uFFA0",
  "\\u{E0000}-\\u{E007F}",
];
const invisible = new RegExp(`[${invisibleRanges.join("")}]`, "gu");
const homoglyphPattern = new RegExp(`[${Object.keys(homoglyphs).join("")}]`, "gu");
const combiningMarks = /\p{M}+/gu;
/** "i g n o r e" / "i.g.n.o.r.e" → "ignore" (four or more single letters). */
const spacedLetters = /\b(?:\p{L}[ .\-_*]){3,}\p{L}\b/gu;
const horizontalSpace = /[^\S\n]+/g;

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (text.charCodeAt(index) > 127) return false;
  return true;
}

/** True when ASCII `text` may hold four letters spaced out (`[ .\-_*]` at every other unit). */
function mayHaveSpacedLetters(text: string): boolean {
  for (let index = 1; index + 4 < text.length; index += 1)
    if (isLetterSeparator(text, index) && isLetterSeparator(text, index + 2)) {
      if (isLetterSeparator(text, index + 4)) return true;
    }
  return false;
}

function isLetterSeparator(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code === 32 || code === 46 || code === 45 || code === 95 || code === 42;
}

/** True when ASCII `text` has white space other than single spaces and line breaks. */
function hasOddSpace(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 9 || code === 11 || code === 12 || code === 13) return true;
    if (code === 32 && text.charCodeAt(index + 1) === 32) return true;
  }
  return false;
}

/** Remove characters that render as nothing but split words for a matcher. */
export function removeInvisible(text: string): string {
  return text.replace(invisible, "");
}

/** Replace Cyrillic/Greek look-alikes with the Latin letters they imitate. */
export function foldHomoglyphs(text: string): string {
  return text.replace(homoglyphPattern, (char) => homoglyphs[char] ?? char);
}

/**
 * Canonical form the detectors match and featurize: NFKC, invisible characters removed,
 * homoglyphs and leetspeak folded, spaced-out letters joined, lower case, diacritics stripped,
 * runs of spaces collapsed (line breaks kept).
 *
 * @example
 * normalizeText("Ｉgn\u200Bore ＡLL prev1ous іnstructions") // "ignore all previous instructions"
 */
export function normalizeText(text: string): string {
  // Plain ASCII has no look-alikes, invisible characters or diacritics: skip those passes.
  const ascii = isAscii(text);
  let out = ascii ? text : foldHomoglyphs(removeInvisible(text.normalize("NFKC")));
  // The ASCII checks are exact pre-tests: they skip a regex only where it could not match.
  if (!ascii || mayHaveSpacedLetters(out))
    out = out.replace(spacedLetters, (match) => match.replace(/[ .\-_*]/g, ""));
  out = foldLeetspeak(out).toLowerCase();
  if (!ascii) out = out.normalize("NFD").replace(combiningMarks, "").normalize("NFC");
  return ascii && !hasOddSpace(out) ? out : out.replace(horizontalSpace, " ");
}
