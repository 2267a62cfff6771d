import { AppError, ConfigError } from "../common/errors.js";
import type { ScanTaskFailure } from "./scan-task.js";

/**
 * The error a failed scan rejects with, rebuilt from its flattened task output: a worker's and
 * the main thread's failures reach the caller in the same shape.
 */
export function scanFailureError(output: ScanTaskFailure): AppError {
  if (output.code === "config_invalid") return new ConfigError(output.message);
  return new AppError(output.message, {
    status: output.status,
    code: output.code,
    expose: output.expose,
  });
}
