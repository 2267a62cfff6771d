import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard guard-api` — not built yet; its issue fills it in. */
export function guardApiCommand(): Command {
  return new Command("guard-api").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard guard-api is not available in this build yet", { expose: true });
    }),
  );
}
