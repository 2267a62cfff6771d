import { readFileSync } from "node:fs";

/** The machine-wide CPU counters of /proc/stat's first line, in clock ticks. */
export interface CpuTimes {
  busy: number;
  idle: number;
  steal: number;
}

/** How the whole machine's CPU time was spent between two readings, as fractions of the total. */
export interface HostLoad {
  /** Share of the period the hypervisor gave our virtual CPUs to someone else. */
  steal: number;
  /** Share spent running anything on this machine (the bench included). */
  busy: number;
}

/**
 * Parse the aggregate `cpu` line of /proc/stat: user nice system idle iowait irq softirq steal
 * (guest time is already inside user and nice).
 */
export function parseProcStat(text: string): CpuTimes {
  const line = text.split("\n").find((candidate) => candidate.startsWith("cpu "));
  if (line === undefined) throw new Error("/proc/stat has no aggregate 'cpu' line");
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (values.length < 8 || values.some((value) => !Number.isFinite(value)))
    throw new Error(`/proc/stat 'cpu' line is not eight numbers: ${line}`);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/** Fractions of CPU time between `before` and `after` (zeros when no tick passed). */
export function hostLoadBetween(before: CpuTimes, after: CpuTimes): HostLoad {
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + (after.idle - before.idle) + steal;
  return total <= 0 ? { steal: 0, busy: 0 } : { steal: steal / total, busy: busy / total };
}

/** The current counters, or null where /proc/stat does not exist (not Linux). */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseProcStat(readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
}
