import { LoadError } from "./load-error.js";

/** How many leading bytes are checked for NUL bytes before a file is treated as binary. */
const sniffLength = 8192;

/** The encoding a text file was read with. */
export type TextEncodingName = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be";

/**
 * Decode a text file: UTF-8 with or without BOM, UTF-16 LE/BE with BOM. Binary content (NUL bytes
 * without a UTF-16 BOM) and invalid UTF-8 throw a {@link LoadError} naming the problem.
 *
 * @example
 * const { text } = decodeText(await readFile("notes.txt"));
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decodeStrict("utf-8", bytes.subarray(3)), encoding: "utf-8-bom" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: decodeStrict("utf-16le", bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: decodeStrict("utf-16be", bytes.subarray(2)), encoding: "utf-16be" };
  }
  if (looksBinary(bytes)) {
    throw new LoadError("binary", "binary content (NUL bytes) in a text file");
  }
  return { text: decodeStrict("utf-8", bytes), encoding: "utf-8" };
}

/** True when the first bytes contain a NUL, which text files in UTF-8 never do. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, sniffLength).includes(0);
}

function decodeStrict(encoding: "utf-8" | "utf-16le" | "utf-16be", bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    const hint =
      encoding === "utf-8" ? " (without a BOM only UTF-8 is read; convert the file)" : "";
    throw new LoadError("undecodable", `not valid ${encoding}${hint}`, error);
  }
}
