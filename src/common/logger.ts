import { type DestinationStream, type LevelWithSilent, pino } from "pino";

/**
 * The logging surface ragguard needs. Any pino logger satisfies it, so callers can inject their
 * own; {@link createLogger} makes a default one.
 */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type LogFormat = "json" | "text";

export interface CreateLoggerOptions {
  level?: LevelWithSilent;
  /** `json`: one pino JSON object per line. `text`: the message first, then the fields. */
  format?: LogFormat;
  /** Where lines go; default stderr, so stdout stays free for command output. */
  destination?: DestinationStream;
  name?: string;
}

const levelNames: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};
const omittedFields = new Set(["level", "time", "pid", "hostname", "msg", "name"]);

/** Format one pino JSON line as `<msg> level=<level> <json of the other fields>`. */
export function formatTextLine(line: string): string {
  const record = JSON.parse(line) as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!omittedFields.has(key)) rest[key] = value;
  }
  const level = levelNames[Number(record.level)] ?? String(record.level);
  const fields = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  return `${String(record.msg ?? "")} level=${level}${fields}\n`;
}

function textStream(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(formatTextLine(line)) };
}

/** Create a pino logger; text format puts the message at the start of each line. */
export function createLogger(options: CreateLoggerOptions = {}): pino.Logger {
  const target = options.destination ?? pino.destination({ fd: 2, sync: true });
  const stream = options.format === "text" ? textStream(target) : target;
  return pino(
    {
      level: options.level ?? "info",
      base: options.name ? { name: options.name } : null,
      redact: {
        paths: [
          "authorization",
          "*.authorization",
          "headers.authorization",
          "api_key",
          "*.api_key",
        ],
        censor: "[redacted]",
      },
    },
    stream,
  );
}

/**
 * Whether `logger` writes info lines now: a pino logger says so (`isLevelEnabled`); any other
 * logger is assumed to.
 */
export function writesInfo(logger: Logger): boolean {
  const check = (logger as { isLevelEnabled?: unknown }).isLevelEnabled;
  return typeof check === "function" ? check.call(logger, "info") === true : true;
}

/** A logger that drops everything (tests, `--quiet`). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
