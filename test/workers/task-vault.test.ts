import { describe, expect, it } from "vitest";
import { Vault } from "../../src/scanners/vault.js";
import { createSequentialTaskVault, createTaskVault } from "../../src/workers/task-vault.js";

describe("createTaskVault", () => {
  it("gives each overlapping run its own empty vault behind one handle", async () => {
    const { vault, run } = createTaskVault();
    expect(vault).toBeInstanceOf(Vault);
    const seen = await Promise.all(
      ["a", "b", "c"].map((name, i) =>
        run(async () => {
          vault.append([`[P_${vault.size + 1}]`, name]);
          await new Promise((resolve) => setTimeout(resolve, 30 - i * 10));
          vault.append([`[P_${vault.size + 1}]`, `${name}2`]);
          return vault.get();
        }),
      ),
    );
    expect(seen).toEqual([
      [
        ["[P_1]", "a"],
        ["[P_2]", "a2"],
      ],
      [
        ["[P_1]", "b"],
        ["[P_2]", "b2"],
      ],
      [
        ["[P_1]", "c"],
        ["[P_2]", "c2"],
      ],
    ]);
    expect(vault.size).toBe(0);
  });

  it("sequential: overlapping runs wait for each other and each gets its own empty vault", async () => {
    const { vault, run } = createSequentialTaskVault();
    expect(vault).toBeInstanceOf(Vault);
    const order: string[] = [];
    const seen = await Promise.all(
      ["a", "b", "c"].map((name, i) =>
        run(async () => {
          order.push(`start ${name}`);
          vault.append([`[P_${vault.size + 1}]`, name]);
          await new Promise((resolve) => setTimeout(resolve, 30 - i * 10));
          vault.append([`[P_${vault.size + 1}]`, `${name}2`]);
          order.push(`end ${name}`);
          if (name === "b") throw new Error("b failed");
          return vault.get();
        }).catch((error: Error) => error.message),
      ),
    );
    expect(seen).toEqual([
      [
        ["[P_1]", "a"],
        ["[P_2]", "a2"],
      ],
      "b failed",
      [
        ["[P_1]", "c"],
        ["[P_2]", "c2"],
      ],
    ]);
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });
});
