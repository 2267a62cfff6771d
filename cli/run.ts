import { type Command, CommanderError } from "commander";
import { AppError, ConfigError, ValidationError } from "../src/common/errors.js";

/** Documented exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  /** The scanned text was invalid, or a fatal error occurred (see each command's help). */
  failure: 1,
  usage: 2,
  /** ingest-cli: done, but some files were skipped. */
  partial: 3,
  /** ingest-cli: the run could not do its work (the guard API refused the token or is down). */
  unusable: 4,
} as const;

/** A usage problem the user can fix by changing the command line; exits 2. */
export class UsageError extends ValidationError {}

/**
 * Wrap a command action so that it sets the process exit code instead of exiting: usage and
 * config errors print one clear line and exit 2, anything else exits 1.
 */
export function action<A extends unknown[]>(
  run: (...args: A) => Promise<number>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      process.exitCode = await run(...args);
    } catch (error) {
      process.exitCode = reportError(error);
    }
  };
}

/** Print an error for a human and return the exit code it deserves. */
export function reportError(error: unknown): number {
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`error: ${error.message}\n`);
    return ExitCode.usage;
  }
  if (error instanceof AppError && error.expose) {
    process.stderr.write(`error: ${error.message}\n`);
    return ExitCode.failure;
  }
  process.stderr.write(
    `fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return ExitCode.failure;
}

/** Parse argv with `program`, mapping commander's own errors to exit code 2 (0 for --help). */
export async function runProgram(program: Command, argv: readonly string[]): Promise<number> {
  program.exitOverride();
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      const benign = ["commander.helpDisplayed", "commander.version", "commander.help"];
      return benign.includes(error.code) ? ExitCode.ok : ExitCode.usage;
    }
    return reportError(error);
  }
  return Number(process.exitCode ?? ExitCode.ok);
}

/** Parse a comma-separated list option. */
export function parseList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Parse a positive integer option, naming the option in the error. */
export function parsePositiveInt(name: string): (value: string) => number {
  return (value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) {
      throw new UsageError(`${name} must be a positive integer, got "${value}"`);
    }
    return parsed;
  };
}

/** Parse a TCP port option (0 = any free port), naming the option in the error. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** Resolves with the signal's name at the first SIGINT or SIGTERM (servers stop gracefully). */
export function waitForShutdown(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => resolve(signal);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
