import { z } from "zod";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { parseScannerOptions } from "./parse-options.js";

export const invisibleTextOptionsSchema = z.object({}).strict();
export type InvisibleTextOptions = z.input<typeof invisibleTextOptionsSchema>;

/**
 * Characters that render as nothing but reach the model: zero-width characters and word joiners,
 * bidirectional controls (Trojan Source), Unicode tag characters (U+E0000..E007F, which spell out
 * hidden ASCII instructions), supplementary variation selectors (used to smuggle bytes after an
 * emoji), interlinear annotation marks and other invisible format characters.
 */
const invisibleRanges: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, joiners, LRM/RLM
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2060, 0x2064], // word joiner, invisible operators
  [0x2066, 0x206f], // bidi isolates, deprecated format controls
  [0x3164, 0x3164], // Hangul filler
  [0xfeff, 0xfeff], // zero-width no-break space / BOM
  [0xffa0, 0xffa0], // half-width Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation
  [0x1d173, 0x1d17a], // musical format controls
  [0xe0000, 0xe007f], // tag characters
  [0xe0100, 0xe01ef], // variation selectors supplement
];

const codePoint = (value: number): string => `\\u{${value.toString(16)}}`;
const invisible = new RegExp(
  `[${invisibleRanges.map(([from, to]) => (from === to ? codePoint(from) : `${codePoint(from)}-${codePoint(to)}`)).join("")}]`,
  "gu",
);

/**
 * Any code unit from the lowest invisible code point up (U+00AD; surrogates included: no u flag,
 * so the astral ranges are covered by their surrogates). A text without one (plain ASCII, most
 * documents) cannot hold an invisible character: one quick scan instead of the Unicode-aware
 * replace pass.
 */
const mayHoldInvisible = new RegExp(
  `[\\u${Math.min(...invisibleRanges.map(([from]) => from))
    .toString(16)
    .padStart(4, "0")}-\\uffff]`,
);

const pictographBefore = /\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?$/u;
const pictographAfter = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner between two pictographs is part of an emoji (👩‍💻), not hidden text. */
function isEmojiJoiner(text: string, offset: number): boolean {
  return (
    pictographBefore.test(text.slice(Math.max(0, offset - 4), offset)) &&
    pictographAfter.test(text.slice(offset + 1, offset + 3))
  );
}

/**
 * Find and remove invisible characters; a text that had any is invalid with score 1.0. Joiners
 * inside emoji sequences are kept. Soft hyphens and a leading byte-order mark are removed but do
 * not by themselves fail a text.
 *
 * @example
 * new InvisibleText().scan("Hello\u200B world"); // { sanitized: "Hello world", valid: false, score: 1 }
 */
export class InvisibleText implements Scanner {
  readonly name = "InvisibleText";

  constructor(options: InvisibleTextOptions = {}) {
    parseScannerOptions(invisibleTextOptionsSchema, options, "InvisibleText");
  }

  scan(text: string): ScanResult {
    if (!mayHoldInvisible.test(text)) return { sanitized: text, valid: true, score: 0 };
    let found = false;
    const sanitized = text.replace(invisible, (char: string, offset: number) => {
      if (char === "\u200D" && isEmojiJoiner(text, offset)) return char;
      // A soft hyphen, or a byte-order mark opening the text, is removed but is no attack.
      if (char !== "\u00AD" && !(char === "\uFEFF" && offset === 0)) found = true;
      return "";
    });
    return { sanitized, valid: !found, score: found ? 1 : 0 };
  }
}
