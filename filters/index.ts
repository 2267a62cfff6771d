// Filters: the 1000/0 splitter and the guard transformers for LangChain pipelines.
export { chunkId } from "./chunk-id.js";
export { type ChunkVerdict, type DroppedChunk, judgeChunk } from "./decide.js";
export { GuardFilter, type GuardFilterOptions } from "./guard-filter.js";
export {
  type InjectionRedaction,
  injectionMarker,
  type OnInjection,
  onInjectionSchema,
  redactSpans,
} from "./redact-injection.js";
export {
  type AnalyzeResponse,
  analyzeResponseSchema,
  blameScanners,
  RemoteGuardFilter,
  type RemoteGuardFilterOptions,
} from "./remote-guard-filter.js";
export {
  ChunkSplitter,
  createSplitter,
  type SplitterOptions,
  splitterOptionsSchema,
} from "./splitter.js";
