import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action } from "../run.js";

/** `ragguard gateway` — not built yet; its issue fills it in. */
export function gatewayCommand(): Command {
  return new Command("gateway").description("(not available yet)").action(
    action(async () => {
      throw new AppError("ragguard gateway is not available in this build yet", { expose: true });
    }),
  );
}
