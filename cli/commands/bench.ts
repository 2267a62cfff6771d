import { Command, Option } from "commander";
import { gatewaySection } from "../bench/gateway-section.js";
import { guardApiSection } from "../bench/guard-api-section.js";
import { ingestionSection } from "../bench/ingestion-section.js";
import { runBench } from "../bench/run-bench.js";
import { scannersSection } from "../bench/scanners-section.js";
import type { BenchSection } from "../bench/section.js";
import { action, parseList, UsageError } from "../run.js";

const sections: readonly BenchSection[] = [
  scannersSection,
  ingestionSection,
  gatewaySection,
  guardApiSection,
];

/** `ragguard bench`: run the benchmarks, print one table per part, write bench/results.json. */
export function benchCommand(): Command {
  return new Command("bench")
    .description("Measure scanners, ingestion, gateway and guard API; write bench/results.json")
    .option("--quick", "run each benchmark for about a second (smoke check)", false)
    .addOption(
      new Option(
        "--only <names>",
        `comma-separated sections (${sections.map((s) => s.name).join(", ")})`,
      ).argParser(parseList),
    )
    .option("--out <file>", "where to write the figures", "bench/results.json")
    .action(
      action(async (options: { quick: boolean; only?: string[]; out: string }) => {
        const chosen = options.only
          ? options.only.map((name) => {
              const section = sections.find((candidate) => candidate.name === name);
              if (!section) throw new UsageError(`--only: unknown benchmark "${name}"`);
              return section;
            })
          : sections;
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
