import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard ingest` — not built yet; its issue fills it in. */
export function ingestCommand(): Command {
  return new Command("ingest").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard ingest is not available in this build yet", { expose: true });
    }),
  );
}
