import { AppError } from "../common/errors.js";

/**
 * The run cannot do its work at all (the guard API refused our token, or cannot be reached), as
 * opposed to a run where some files were skipped: nothing is written, the previous outputs stay.
 */
export class IngestUnusableError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { status: 503, code: "ingest_unusable", expose: true, ...options });
  }
}
