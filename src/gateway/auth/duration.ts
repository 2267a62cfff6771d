import { ValidationError } from "../../common/errors.js";

const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parse a key duration such as `30s`, `15m`, `24h` or `30d` into milliseconds.
 *
 * @example
 * parseDuration("15m"); // 900000
 */
export function parseDuration(value: string): number {
  const match = /^(\d+)([smhd])$/.exec(value.trim());
  if (match === null) {
    throw new ValidationError(`duration: "${value}" is not a duration like 30s, 15m, 24h or 30d`, {
      status: 400,
      code: "invalid_duration",
    });
  }
  return Number(match[1]) * (unitMs[match[2] ?? "s"] ?? 1000);
}
