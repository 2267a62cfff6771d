import { AppError } from "../common/errors.js";

/** The scan queue is full; the caller should retry later (HTTP 503 with `Retry-After`). */
export class ScanQueueFullError extends AppError {
  constructor(maxQueue: number) {
    super("Too many scans are waiting; retry later.", {
      status: 503,
      code: "queue_full",
      expose: true,
      details: { max_queue: maxQueue },
    });
  }
}

/**
 * A scan ran past its time limit; its worker was terminated and replaced (HTTP 408). The message
 * is LLM Guard's, so clients that match on it keep working.
 */
export class ScanTimeoutError extends AppError {
  /** The limit that was passed. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super("Request timeout.", { status: 408, code: "scan_timeout" });
    this.timeoutMs = timeoutMs;
  }
}

/** The pool was destroyed, or a scan was cancelled by its caller. */
export class ScanAbortedError extends AppError {
  constructor(reason: string) {
    super(reason, { status: 503, code: "scan_aborted", expose: true });
  }
}
