import { ingestCommand } from "./commands/ingest.js";
import { runProgram } from "./run.js";

/** Entry point used by `bin/ingest-cli.js` (the same command as `ragguard ingest`). */
export function main(argv: readonly string[]): Promise<number> {
  return runProgram(ingestCommand().name("ingest-cli"), argv);
}
