export { type EmbeddingStats, OpenAICompatibleEmbeddings } from "./embeddings.js";
export { FileRecordManager } from "./file-record-manager.js";
export { LanceDbStore } from "./lancedb-store.js";
export {
  detectorVersion,
  openVectorSink,
  parseEmbeddingsSpec,
  parseLanceDbUri,
  type VectorSinkSpec,
} from "./open-vector-sink.js";
export { PostgresRecordManager } from "./postgres-record-manager.js";
export {
  type CleanupMode,
  createVectorSink,
  type VectorSinkOptions,
  type VectorSinkStats,
} from "./vector-sink.js";
