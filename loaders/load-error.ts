import { AppError } from "../src/common/errors.js";

/** Why a file could not be loaded; the CLI lists `code` and the message in its report. */
export const loadErrorCodes = [
  "unsupported_type",
  "binary",
  "undecodable",
  "parse_error",
  "outside_root",
  "read_error",
  "empty",
  "too_large",
] as const;
export type LoadErrorCode = (typeof loadErrorCodes)[number];

/** A file that cannot be loaded; the run goes on and the report names the file and reason. */
export class LoadError extends AppError {
  readonly reason: LoadErrorCode;

  constructor(reason: LoadErrorCode, message: string, cause?: unknown) {
    super(message, { status: 422, code: reason, expose: true, cause });
    this.reason = reason;
  }
}
