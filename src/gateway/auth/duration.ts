import { z } from "zod";
import { ValidationError } from "../../common/errors.js";

const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const durationPattern = /^\s*\d+[smhd]\s*$/;

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

/** The longest `duration` or `budget_duration` accepted: 100 years, far inside what a date holds. */
export const maxDurationDays = 36_500;
const maxDurationMs = maxDurationDays * 86_400_000;

/** A key duration field: `30s`, `15m`, `24h`, `30d`, at most {@link maxDurationDays} days. */
export const durationSchema = z
  .string()
  .regex(durationPattern, "must be a duration like 30s, 15m, 24h or 30d")
  // Zod runs this check after a failed regex too: only a well-formed value is measured.
  .refine((value) => !durationPattern.test(value) || parseDuration(value) <= maxDurationMs, {
    message: `must be at most ${maxDurationDays}d`,
  });
