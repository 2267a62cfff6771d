/**
 * `npm run bench [-- --quick] [-- --only scanners,gateway] [-- --out file]`: measure ragguard's
 * scanners, ingestion, gateway, guard API and a gateway fleet beside their peers, print one table per part and
 * write every figure to bench/results.json. Runs from a clone (dev dependencies, the build in
 * `dist/`); not shipped in the package.
 */
import { parseArgs } from "node:util";
import { runBench } from "./run-bench.js";
import type { BenchSection } from "./section.js";

/** The sections by name, in running order, each loaded on use. */
const sections: Readonly<Record<string, () => Promise<BenchSection>>> = {
  scanners: async () => (await import("./scanners-section.js")).scannersSection,
  ingestion: async () => (await import("./ingestion-section.js")).ingestionSection,
  "ingestion-queue": async () => (await import("./queue-section.js")).queueSection,
  gateway: async () => (await import("./gateway-section.js")).gatewaySection,
  "gateway-guard": async () => (await import("./gateway-guard-section.js")).gatewayGuardSection,
  "guard-api": async () => (await import("./guard-api-section.js")).guardApiSection,
  fleet: async () => (await import("./fleet-section.js")).fleetSection,
};
const names = Object.keys(sections);
const usage = `usage: npm run bench -- [--quick] [--only ${names.join(",")}] [--out bench/results.json]`;

async function main(argv: readonly string[]): Promise<number> {
  let values: { quick?: boolean; only?: string; out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        quick: { type: "boolean" },
        only: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(
      `${usage}\n--quick runs each measurement for about a second (a smoke check).\n`,
    );
    return 0;
  }
  const chosen = values.only?.split(",").map((name) => name.trim()) ?? names;
  const unknown = chosen.find((name) => !Object.hasOwn(sections, name));
  if (unknown !== undefined) {
    process.stderr.write(`--only: unknown section "${unknown}"\n${usage}\n`);
    return 2;
  }
  await runBench({
    sections: await Promise.all(chosen.map((name) => sections[name]!())),
    quick: values.quick ?? false,
    command: ["npm run bench", ...(argv.length > 0 ? ["--", ...argv] : [])].join(" "),
    out: values.out ?? "bench/results.json",
    write: (text) => process.stdout.write(text),
  });
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
