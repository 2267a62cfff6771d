import type { Logger } from "../../src/common/logger.js";

export interface CapturedLine {
  level: "debug" | "info" | "warn" | "error";
  msg: string | undefined;
  fields: object;
}

/** A logger that records every call, for asserting on log lines. */
export function captureLogger(): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const record =
    (level: CapturedLine["level"]) =>
    (fields: object, msg?: string): void => {
      lines.push({ level, msg, fields });
    };
  return {
    lines,
    logger: {
      debug: record("debug"),
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
    },
  };
}
