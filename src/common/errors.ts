/**
 * One error hierarchy for the whole package. Servers turn an {@link AppError} into their single
 * wire shape; anything else goes through {@link toAppError} and becomes a generic 500.
 */
export interface AppErrorOptions {
  /** HTTP status a server should answer with. */
  status?: number;
  /** Stable machine-readable code, e.g. `config_invalid`. */
  code?: string;
  /** Structured details that are safe to show to a client. */
  details?: unknown;
  cause?: unknown;
  /** Whether the message may be shown to a client (false for unexpected errors). */
  expose?: boolean;
  /** Response headers a server should send with this error (e.g. `retry-after`). */
  headers?: Readonly<Record<string, string>>;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly expose: boolean;
  readonly headers: Readonly<Record<string, string>>;

  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status ?? 500;
    this.code = options.code ?? "internal_error";
    this.details = options.details;
    this.expose = options.expose ?? this.status < 500;
    this.headers = options.headers ?? {};
  }
}

/** A configuration file or option is wrong; the message names the file and key. */
export class ConfigError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 500, code: "config_invalid", expose: true, ...options });
  }
}

/** A request or argument failed validation. */
export class ValidationError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, { status: 422, code: "validation_failed", ...options });
  }
}

/** Normalise anything thrown into an {@link AppError}; unknown errors become a hidden 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(message, {
    status: 500,
    code: "internal_error",
    expose: false,
    cause: error,
  });
}
