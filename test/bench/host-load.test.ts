import { describe, expect, it } from "vitest";
import { hostLoadBetween, parseProcStat } from "../../bench/host-load.js";

describe("bench host load", () => {
  it("reads busy, idle and steal ticks from /proc/stat's aggregate line", () => {
    const text = "cpu  100 5 20 700 10 1 4 60 0 0\ncpu0 50 2 10 350 5 0 2 30 0 0\n";
    expect(parseProcStat(text)).toEqual({ busy: 130, idle: 710, steal: 60 });
  });

  it("turns two readings into fractions of the period", () => {
    const load = hostLoadBetween(
      { busy: 100, idle: 100, steal: 0 },
      { busy: 150, idle: 130, steal: 20 },
    );
    expect(load.busy).toBeCloseTo(0.5);
    expect(load.steal).toBeCloseTo(0.2);
    expect(hostLoadBetween({ busy: 1, idle: 1, steal: 1 }, { busy: 1, idle: 1, steal: 1 })).toEqual(
      {
        steal: 0,
        busy: 0,
      },
    );
  });

  it("names the problem when the line is missing or malformed", () => {
    expect(() => parseProcStat("intr 1 2 3\n")).toThrow(/no aggregate 'cpu' line/);
    expect(() => parseProcStat("cpu  1 2 x 4 5 6 7 8\n")).toThrow(/not eight numbers/);
    expect(() => parseProcStat("cpu  1 2 3\n")).toThrow(/not eight numbers/);
  });
});
