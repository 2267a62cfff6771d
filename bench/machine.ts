import { arch, cpus, platform, release, totalmem } from "node:os";

/** The machine a benchmark ran on, recorded next to its figures. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
  };
}
