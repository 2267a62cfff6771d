// Loaders: files -> LangChain Documents with `metadata.source` and `metadata.loader`.
export { loadCsv } from "./csv.js";
export { decodeText, looksBinary, type TextEncodingName } from "./decode.js";
export { loadDocx } from "./docx.js";
export { htmlToText, loadHtml } from "./html.js";
export { findText, loadJson, loadJsonl, textFieldCandidates } from "./json.js";
export { LoadError, type LoadErrorCode, loadErrorCodes } from "./load-error.js";
export { type FileLoadOutcome, hashBytes, loadFile } from "./load-file.js";
export { loadMarkdown, splitFrontMatter } from "./markdown.js";
export { loadPdf } from "./pdf.js";
export { extensionLoaders, loaderNameFor, loaders } from "./registry.js";
export { loadText } from "./text.js";
export type { Loader, LoaderContext, LoaderName, LoadResult } from "./types.js";
export { loaderNames } from "./types.js";
export {
  builtInExcludes,
  type InputFile,
  ignoreFileName,
  type SkippedFile,
  type WalkOptions,
  walkInputs,
} from "./walk.js";
