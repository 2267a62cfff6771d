import { Command } from "commander";
import { packageVersion } from "../src/common/version.js";
import { evalCommand } from "./commands/eval.js";
import { gatewayCommand } from "./commands/gateway.js";
import { guardApiCommand } from "./commands/guard-api.js";
import { ingestCommand } from "./commands/ingest.js";
import { ingestStatusCommand, ingestWorkerCommand } from "./commands/ingest-queue.js";
import { scanCommand } from "./commands/scan.js";
import { runProgram } from "./run.js";

/** The `ragguard` program with every subcommand. */
export function createProgram(): Command {
  return new Command("ragguard")
    .description("Keep poisoned and sensitive text out of model calls and RAG indexes.")
    .version(packageVersion)
    .addHelpText(
      "after",
      "\nExit codes: 0 ok, 1 invalid text or fatal error, 2 usage/config error, 3 partial (ingest).",
    )
    .addCommand(scanCommand())
    .addCommand(evalCommand())
    .addCommand(ingestCommand())
    .addCommand(ingestWorkerCommand())
    .addCommand(ingestStatusCommand())
    .addCommand(guardApiCommand())
    .addCommand(gatewayCommand());
}

/** Entry point used by `bin/ragguard.js`; resolves to the exit code. */
export function main(argv: readonly string[]): Promise<number> {
  return runProgram(createProgram(), argv);
}
