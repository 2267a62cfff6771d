import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard scan` — not built yet; its issue fills it in. */
export function scanCommand(): Command {
  return new Command("scan").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard scan is not available in this build yet", { expose: true });
    }),
  );
}
