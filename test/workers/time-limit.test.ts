import { describe, expect, it } from "vitest";
import { TimeLimit } from "../../src/workers/time-limit.js";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("TimeLimit", () => {
  it("calls its listener once when the time passes and says it aborted", async () => {
    const limit = new TimeLimit(20);
    let calls = 0;
    limit.addEventListener("abort", () => {
      calls += 1;
    });
    expect(limit.aborted).toBe(false);
    await wait(60);
    expect(limit.aborted).toBe(true);
    expect(calls).toBe(1);
  });

  it("calls nothing once cleared or once its listener is removed", async () => {
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    const cleared = new TimeLimit(20);
    cleared.addEventListener("abort", listener);
    cleared.clear();
    const removed = new TimeLimit(20);
    removed.addEventListener("abort", listener);
    removed.removeEventListener("abort", listener);
    await wait(60);
    expect(cleared.aborted).toBe(false);
    expect(removed.aborted).toBe(true);
    expect(calls).toBe(0);
  });
});
