import { decodeText } from "./decode.js";
import { documentFactory } from "./document.js";
import type { Loader } from "./types.js";

/**
 * Load a plain-text file as one Document (`metadata.encoding` says how it was decoded).
 *
 * @example
 * const { documents } = await loadText(await readFile("notes.txt"), { source: "notes.txt" });
 */
export const loadText: Loader = async (bytes, { source }) => {
  const createDocument = await documentFactory();
  const { text, encoding } = decodeText(bytes);
  return { documents: [createDocument(text, source, "text", { encoding })], warnings: [] };
};
