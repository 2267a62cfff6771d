import { Command } from "commander";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import { action, ExitCode, parseList, UsageError } from "../run.js";

const defaultScannerList = "Anonymize,Toxicity,PromptInjection";

interface ScanCommandOptions {
  scanners: string;
  config?: string;
  failFast?: boolean;
  json?: boolean;
  verbose?: boolean;
}

const helpText = `
Reads the text from the argument, or from stdin when there is none (or it is "-").
--config takes a YAML file with "input_scanners: [{type, params}]" (the guard API's layout;
params in camelCase or LLM Guard's snake_case, \${VAR:default} interpolated) and replaces --scanners.

--json prints {"sanitized_prompt","is_valid","scanners":{name:score},"valid":{name:bool}}.
Logs go to stderr at warn level; --verbose adds the info line "Scanned prompt" with timings.

Exit codes: 0 valid, 1 invalid (or a fatal error), 2 usage or config error.`;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError("no text to scan: pass it as an argument or pipe it on stdin");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

async function scannerConfigs(
  options: ScanCommandOptions,
): Promise<{ configs: ScannerConfig[]; source: string }> {
  if (options.config !== undefined) {
    const [{ z }, { loadYamlConfig }, { scannerConfigSchema }] = await Promise.all([
      import("zod"),
      import("../../src/common/config.js"),
      import("../../src/scanners/registry.js"),
    ]);
    // `input_scanners` as in the guard API's config file; other keys of that file are ignored.
    const scanConfigSchema = z.looseObject({ input_scanners: z.array(scannerConfigSchema).min(1) });
    const config = await loadYamlConfig(options.config, scanConfigSchema, { interpolate: true });
    return { configs: config.input_scanners, source: `${options.config}: input_scanners` };
  }
  const names = parseList(options.scanners);
  if (names.length === 0) throw new UsageError("--scanners needs at least one scanner name");
  return { configs: names.map((type) => ({ type })), source: "--scanners" };
}

function formatHuman(
  sanitized: string,
  valid: Record<string, boolean>,
  scores: Record<string, number>,
): string {
  const failed = Object.keys(valid).filter((name) => !valid[name]);
  const verdict = failed.length === 0 ? "VALID" : `INVALID (${failed.join(", ")})`;
  const width = Math.max(8, ...Object.keys(scores).map((name) => name.length));
  const rows = Object.entries(scores).map(
    ([name, score]) =>
      `  ${name.padEnd(width)}  ${score.toFixed(4)}  ${valid[name] ? "valid" : "invalid"}`,
  );
  return `${verdict}\n${rows.join("\n")}\n\nSanitized prompt:\n${sanitized}\n`;
}

/** `ragguard scan [text]`: run scanners over one text and report the verdict. */
export function scanCommand(): Command {
  return new Command("scan")
    .description("Scan one text (argument or stdin) with the scanners and print the verdict.")
    .argument("[text]", 'text to scan; omit it or pass "-" to read stdin')
    .option("--scanners <list>", "comma-separated scanner types", defaultScannerList)
    .option("--config <file>", "YAML file with input_scanners (replaces --scanners)")
    .option("--fail-fast", "stop at the first scanner that finds the text invalid")
    .option("--json", "print one JSON object instead of the human report")
    .option("--verbose", "log at info level (stderr)")
    .addHelpText("after", helpText)
    .action(
      action(async (text: string | undefined, options: ScanCommandOptions, command: Command) => {
        if (options.config !== undefined && command.getOptionValueSource("scanners") === "cli") {
          throw new UsageError("use either --scanners or --config, not both");
        }
        const input = text === undefined || text === "-" ? await readStdin() : text;
        if (input === "") throw new UsageError("no text to scan: the argument or stdin was empty");
        const { configs, source } = await scannerConfigs(options);
        // Loaded on use, so that other commands and `--help` do not load the scanners.
        const [{ createLogger }, { isValid }, { scanPrompt }, { buildScanners }, { Vault }] =
          await Promise.all([
            import("../../src/common/logger.js"),
            import("../../src/scan/is-valid.js"),
            import("../../src/scan/scan-prompt.js"),
            import("../../src/scanners/registry.js"),
            import("../../src/scanners/vault.js"),
          ]);
        const scanners = buildScanners(configs, { vault: new Vault(), source });
        const logger = createLogger({
          level: options.verbose ? "info" : "warn",
          format: "text",
          name: "ragguard",
        });
        const [sanitized, valid, scores] = await scanPrompt(scanners, input, {
          failFast: options.failFast ?? false,
          logger,
        });
        const ok = isValid(valid);
        const output = options.json
          ? `${JSON.stringify({ sanitized_prompt: sanitized, is_valid: ok, scanners: scores, valid })}\n`
          : formatHuman(sanitized, valid, scores);
        process.stdout.write(output);
        return ok ? ExitCode.ok : ExitCode.failure;
      }),
    );
}
