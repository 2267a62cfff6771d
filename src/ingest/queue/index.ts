// ragguard/ingest, queued: distributed ingestion on a BullMQ queue in Redis.
export { ingestQueued, type QueueRunOptions, queueRunOptionsSchema } from "./follow.js";
export { formatRunStatus, type RunStatus, readRunStatus } from "./status.js";
export { jobIdFor, newRunId, type QueueLocation, queueLocationSchema } from "./wire.js";
export {
  type IngestWorker,
  type IngestWorkerOptions,
  ingestWorkerOptionsSchema,
  startIngestWorker,
} from "./worker.js";
