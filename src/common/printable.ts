/**
 * Control characters (C0, DEL, C1: terminal escape sequences start with ESC or CSI) and the
 * bidirectional overrides that can make a name read differently from what it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters we escape
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, but line breaks and tabs stay: for text shown as a block. */
const unsafeInBlock =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters we escape
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * A file name or message as it may be printed to a terminal (or shown in the HTML report): every
 * control or bidi character becomes a visible `\u001b`-style escape, so a hostile file name
 * cannot move the cursor, recolour the screen or hide part of itself. `block` keeps line breaks
 * and tabs, for a chunk's text shown as a block.
 *
 * @example
 * printable("a\u001b[2Jb.md"); // "a\\u001b[2Jb.md"
 */
export function printable(text: string, options: { block?: boolean } = {}): string {
  return text.replace(options.block ? unsafeInBlock : unsafe, escapeChar);
}
