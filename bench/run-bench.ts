import { mkdir, rename, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname } from "node:path";
import { hostLoadBetween, readCpuTimes } from "./host-load.js";
import { describeMachine } from "./machine.js";
import type { BenchSection } from "./section.js";
import { renderTable } from "./table.js";

export interface RunBenchOptions {
  sections: readonly BenchSection[];
  quick: boolean;
  /** The command line, recorded with the figures. */
  command: string;
  out: string;
  write: (text: string) => void;
}

/** Run the sections in order, print each table, write every figure to `out` atomically. */
export async function runBench(options: RunBenchOptions): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {
    command: options.command,
    date: new Date().toISOString(),
    quick: options.quick,
    machine: describeMachine(),
  };
  const machine = results.machine as ReturnType<typeof describeMachine>;
  options.write(`Machine: ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}\n`);
  const cpuBefore = readCpuTimes();
  for (const section of options.sections) {
    options.write(`\n### ${section.title}\n\n`);
    try {
      const output = await section.run({ quick: options.quick });
      results[section.name] = output.figures;
      options.write(`${renderTable(output.header, output.rows)}\n`);
      // Notes as a Markdown list under the table; a note that is itself a list item nests.
      options.write("\n");
      for (const note of output.notes)
        options.write(note.startsWith("- ") ? `  ${note}\n` : `- ${note}\n`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results[section.name] = { error: message };
      options.write(`(failed: ${message})\n`);
    }
  }
  const cpuAfter = readCpuTimes();
  if (cpuBefore !== null && cpuAfter !== null) {
    const load = hostLoadBetween(cpuBefore, cpuAfter);
    results.hostLoad = { ...load, loadAverage1m: loadavg()[0] };
    options.write(
      `\nWhole run: load average ${loadavg()[0]?.toFixed(1)} at the end (runnable processes; above the core count, every figure is inflated), CPU steal ${(100 * load.steal).toFixed(1)}% (time the hypervisor gave our cores to other guests), machine busy ${(100 * load.busy).toFixed(1)}%\n`,
    );
  }
  await mkdir(dirname(options.out), { recursive: true });
  const temp = `${options.out}.tmp-${process.pid}`;
  await writeFile(temp, `${JSON.stringify(results, null, 2)}\n`);
  await rename(temp, options.out);
  options.write(`\nFigures written to ${options.out}\n`);
  return results;
}
