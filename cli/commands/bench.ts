import { Command, Option } from "commander";
import type { BenchSection } from "../bench/section.js";
import { action, parseList, UsageError } from "../run.js";

/**
 * The sections by name, in running order, each loaded on use (so that other commands do not load
 * the benchmarks).
 */
export const benchSections: Readonly<Record<string, () => Promise<BenchSection>>> = {
  scanners: async () => (await import("../bench/scanners-section.js")).scannersSection,
  ingestion: async () => (await import("../bench/ingestion-section.js")).ingestionSection,
  gateway: async () => (await import("../bench/gateway-section.js")).gatewaySection,
  "guard-api": async () => (await import("../bench/guard-api-section.js")).guardApiSection,
};
const sectionNames = Object.keys(benchSections);

/** `ragguard bench`: run the benchmarks, print one table per part, write bench/results.json. */
export function benchCommand(): Command {
  return new Command("bench")
    .description("Measure scanners, ingestion, gateway and guard API; write bench/results.json")
    .option("--quick", "run each benchmark for about a second (smoke check)", false)
    .addOption(
      new Option(
        "--only <names>",
        `comma-separated sections (${sectionNames.join(", ")})`,
      ).argParser(parseList),
    )
    .option("--out <file>", "where to write the figures", "bench/results.json")
    .action(
      action(async (options: { quick: boolean; only?: string[]; out: string }) => {
        const names = options.only ?? sectionNames;
        const unknown = names.find((name) => !Object.hasOwn(benchSections, name));
        if (unknown !== undefined) throw new UsageError(`--only: unknown benchmark "${unknown}"`);
        const { runBench } = await import("../bench/run-bench.js");
        const chosen = await Promise.all(names.map((name) => benchSections[name]!()));
        await runBench({
          sections: chosen,
          quick: options.quick,
          out: options.out,
          write: (text) => process.stdout.write(text),
        });
        return 0;
      }),
    );
}
