import { AppError, type AppErrorOptions } from "../common/errors.js";

/** Missing, unknown, expired or blocked key (401). */
export class AuthenticationError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 401, code: "invalid_api_key", expose: true, ...options });
  }
}

/** The key exists but may not do this (403). */
export class PermissionError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 403, code: "permission_denied", expose: true, ...options });
  }
}

/** The request is malformed or names something that does not exist (400). */
export class BadRequestError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 400, code: "invalid_request", expose: true, ...options });
  }
}

/** A key went over its `rpm_limit` (429). */
export class RateLimitError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 429, code: "rate_limit_exceeded", expose: true, ...options });
  }
}

/** An upstream provider answered with an error status, timed out or could not be reached. */
export class UpstreamError extends AppError {
  readonly provider: string;
  /** Whether another attempt (same or other deployment) may succeed: 408/409/429/5xx, network. */
  readonly retryable: boolean;

  constructor(
    message: string,
    options: AppErrorOptions & { provider: string; retryable: boolean; status: number },
  ) {
    super(message, { code: "upstream_error", expose: true, ...options });
    this.provider = options.provider;
    this.retryable = options.retryable;
  }
}

/** Whether an upstream status is worth another attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
