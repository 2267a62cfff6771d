import { documentFactory } from "./document.js";
import { LoadError } from "./load-error.js";
import type { Loader } from "./types.js";
import { assertUnzippedSize, maxUnzippedBytes } from "./zip-limit.js";

/**
 * Load a Word .docx file as one Document of its raw text (mammoth); mammoth's messages become
 * warnings in the report. A file that unpacks to more than {@link maxUnzippedBytes} is refused
 * (`too_large`) before mammoth reads it. mammoth is imported on the first .docx (threads that never read one
 * never load it).
 *
 * @example
 * const { documents } = await loadDocx(await readFile("policy.docx"), { source: "policy.docx" });
 */
export const loadDocx: Loader = async (bytes, { source }) => {
  let result: { value: string; messages: Array<{ type: string; message: string }> };
  const createDocument = await documentFactory();
  const { default: mammoth } = await import("mammoth");
  try {
    await assertUnzippedSize(bytes);
    result = await mammoth.extractRawText({ buffer: bytes });
  } catch (error) {
    if (error instanceof LoadError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LoadError("parse_error", `not a readable .docx file: ${reason}`, error);
  }
  const text = result.value.replace(/\n{3,}/g, "\n\n").trim();
  return {
    documents: [createDocument(text, source, "docx")],
    warnings: result.messages.map((message) => `${message.type}: ${message.message}`),
  };
};
