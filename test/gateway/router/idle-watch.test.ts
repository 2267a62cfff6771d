import { describe, expect, it } from "vitest";
import { failWhenIdle } from "../../../src/gateway/router/idle-watch.js";

async function* paced(gapsMs: number[]): AsyncGenerator<number> {
  for (const [index, gap] of gapsMs.entries()) {
    await new Promise((resolve) => setTimeout(resolve, gap));
    yield index;
  }
}

describe("failWhenIdle", () => {
  it("relays every item when none is late", async () => {
    const seen: number[] = [];
    for await (const item of failWhenIdle(paced([5, 5, 5]), 200, () => new Error("idle"))) {
      seen.push(item);
    }
    expect(seen).toEqual([0, 1, 2]);
  });

  it("fails with onIdle's error when the source stalls after an item", async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const item of failWhenIdle(paced([5, 500]), 50, () => new Error("stalled"))) {
        seen.push(item);
      }
    };
    await expect(run()).rejects.toThrow("stalled");
    expect(seen).toEqual([0]);
  });

  it("does not count the time the consumer spends on an item", async () => {
    const seen: number[] = [];
    for await (const item of failWhenIdle(paced([5, 5]), 50, () => new Error("idle"))) {
      seen.push(item);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    expect(seen).toEqual([0, 1]);
  });
});
