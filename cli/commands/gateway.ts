import { Command, Option } from "commander";
import type { LogFormat } from "../../src/common/logger.js";
import { action, parsePort, waitForShutdown } from "../run.js";

interface GatewayCliOptions {
  config: string;
  port: number;
  host: string;
  logFormat: LogFormat;
  logLevel: "debug" | "info" | "warn" | "error";
}

/** `ragguard gateway --config <path>`: serve the model gateway until SIGINT/SIGTERM. */
export function gatewayCommand(): Command {
  return new Command("gateway")
    .description("Run the model gateway (OpenAI- and Anthropic-format routes, keys, providers).")
    .requiredOption("--config <path>", "gateway YAML config (model_list, general_settings, …)")
    .option("--port <port>", "port to listen on", parsePort, 4000)
    .option("--host <host>", "address to listen on", "0.0.0.0")
    .addOption(
      new Option("--log-format <format>", "log line format")
        .choices(["text", "json"])
        .default("text"),
    )
    .addOption(
      new Option("--log-level <level>", "log level (prompt text only at debug)")
        .choices(["debug", "info", "warn", "error"])
        .default("info"),
    )
    .addHelpText(
      "after",
      "\nEnvironment: the variables the config names as os.environ/<VAR>, and provider key\n" +
        "variables (OPENAI_API_KEY, ANTHROPIC_API_KEY, …) for entries without api_key.\n" +
        "Exit codes: 0 stopped by SIGINT/SIGTERM, 2 config or usage error, 1 other failure.",
    )
    .action(
      action(async (options: GatewayCliOptions) => {
        // Loaded on use, so that other commands and `--help` do not load the gateway.
        const [{ createLogger }, { loadGatewayConfig }, { createGateway }] = await Promise.all([
          import("../../src/common/logger.js"),
          import("../../src/gateway/config/load.js"),
          import("../../src/gateway/create-gateway.js"),
        ]);
        const logger = createLogger({
          format: options.logFormat,
          level: options.logLevel,
          name: "gateway",
        });
        const config = await loadGatewayConfig(options.config, process.env);
        const gateway = await createGateway({ config, logger, env: process.env });
        const shutdown = waitForShutdown();
        await gateway.listen({ port: options.port, host: options.host });
        const signal = await shutdown;
        logger.info({ signal }, "gateway stopping");
        await gateway.close();
        return 0;
      }),
    );
}
