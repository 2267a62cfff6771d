// ragguard/ingest: the ingestion engine (walk, load, split, scan, sinks: JSONL, vector stores).
export * from "../ingest/index.js";
