import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard bench` — not built yet; its issue fills it in. */
export function benchCommand(): Command {
  return new Command("bench").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard bench is not available in this build yet", { expose: true });
    }),
  );
}
