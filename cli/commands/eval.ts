import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard eval` — not built yet; its issue fills it in. */
export function evalCommand(): Command {
  return new Command("eval").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard eval is not available in this build yet", { expose: true });
    }),
  );
}
