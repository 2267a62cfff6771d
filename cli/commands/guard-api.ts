import { Command } from "commander";
import { AppError } from "../../src/common/errors.js";
import { action, ExitCode, parsePort, waitForShutdown } from "../run.js";

interface GuardApiCommandOptions {
  config?: string;
  host: string;
  port: number;
}

const helpText = `
--config takes LLM Guard API's scanners.yml layout (app, rate_limit, auth, input_scanners),
with \${VAR:default} interpolated; see fixtures/config/scanners.yaml. Without it the built-in
scanners run, with no authentication (a warning is logged).

Routes (also under /v1): POST /analyze/prompt, POST /scan/prompt, GET /, /healthz, /readyz,
/metrics. Stop with Ctrl-C or SIGTERM; in-flight requests finish first.

Exit codes: 0 stopped cleanly, 1 fatal error (port in use, ...), 2 usage or config error.`;

async function serve(options: GuardApiCommandOptions): Promise<number> {
  // Loaded on use, so that other commands and `--help` do not load the guard API.
  const [{ createLogger }, { createGuardApi }, { loadGuardApiConfig }] = await Promise.all([
    import("../../src/common/logger.js"),
    import("../../src/guard-api/app.js"),
    import("../../src/guard-api/config.js"),
  ]);
  const config = await loadGuardApiConfig(options.config);
  const logger = createLogger({
    level: config.app.log_level,
    format: config.app.log_json ? "json" : "text",
    name: config.app.name,
  });
  const app = await createGuardApi({ config, source: options.config ?? "(defaults)", logger });
  let address: string;
  try {
    address = await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    throw new AppError(
      `cannot listen on ${options.host}:${options.port} (${(error as Error).message})`,
      { expose: true, cause: error },
    );
  }
  logger.info({ address }, "Guard API listening");
  const signal = await waitForShutdown();
  logger.info({ signal }, "Shutting down");
  await app.close();
  return ExitCode.ok;
}

/** `ragguard guard-api` — serve the LLM Guard-compatible guard API. */
export function guardApiCommand(): Command {
  return new Command("guard-api")
    .description("Serve the guard API (LLM Guard API-compatible prompt scanning over HTTP)")
    .option(
      "--config <path>",
      "scanners.yaml in LLM Guard API's layout (default: built-in scanners)",
    )
    .option("--host <host>", "address to listen on", "0.0.0.0")
    .option("--port <port>", "port to listen on (0: any free port)", parsePort, 8000)
    .addHelpText("after", helpText)
    .action(action((options: GuardApiCommandOptions) => serve(options)));
}
