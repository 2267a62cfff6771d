import { describe, expect, it } from "vitest";
import { classifyGuardFailure } from "../../../src/gateway/guard-pool/classify.js";
import { createGuardPool } from "../../../src/gateway/guard-pool/guard-pool.js";
import { parseGuardBases } from "../../../src/gateway/guard-pool/parse-bases.js";

const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });

describe("guard pool", () => {
  it("parses a comma-separated list and names a bad entry", () => {
    expect(parseGuardBases(" http://a:8000/, http://b:8000 ", "GUARD_API_BASE")).toEqual([
      "http://a:8000",
      "http://b:8000",
    ]);
    expect(() => parseGuardBases("http://a:8000,nope", "GUARD_API_BASE")).toThrow(
      /GUARD_API_BASE: entry 2 \("nope"\) is not a URL/,
    );
    expect(() => parseGuardBases(" , ", "GUARD_API_BASE")).toThrow(/no guard API address/);
  });

  it("spreads calls over the bases", async () => {
    const pool = createGuardPool({ bases: ["a", "b"], classify: classifyGuardFailure });
    const used = await Promise.all([1, 2, 3, 4].map(() => pool.send(async (base) => base)));
    expect(used.sort()).toEqual(["a", "a", "b", "b"]);
  });

  it("retries a connection failure once on another base, then leaves the dead one out until /readyz answers", async () => {
    let aReady = false;
    const pool = createGuardPool({
      bases: ["a", "b"],
      classify: classifyGuardFailure,
      probe: async (base) => base === "a" && aReady,
      probeIntervalMs: 10,
    });
    const attempts: string[] = [];
    const send = () =>
      pool.send(async (base) => {
        attempts.push(base);
        if (base === "a" && !aReady) throw refused();
        return base;
      });
    for (let i = 0; i < 4; i++) expect(await send()).toBe("b");
    expect(pool.unhealthy()).toEqual(["a"]);
    const before = attempts.filter((base) => base === "a").length;
    for (let i = 0; i < 4; i++) await send();
    expect(attempts.filter((base) => base === "a").length).toBe(before);
    aReady = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pool.unhealthy()).toEqual([]);
    const after = await Promise.all([1, 2].map(() => send()));
    expect(after.sort()).toEqual(["a", "b"]);
    pool.close();
  });

  it("does not retry an answer that is not a connection failure", async () => {
    const pool = createGuardPool({ bases: ["a", "b"], classify: classifyGuardFailure });
    let calls = 0;
    const failure = Object.assign(new Error("Guard API unavailable: no answer within 5000 ms"), {
      code: "guard_unavailable",
    });
    await expect(
      pool.send(async () => {
        calls++;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
    expect(classifyGuardFailure(failure)).toBe("other");
    expect(classifyGuardFailure(new Error("x", { cause: refused() }))).toBe("connection");
  });

  it("fails with the last error when every base is down", async () => {
    const pool = createGuardPool({ bases: ["a", "b"], classify: classifyGuardFailure });
    await expect(pool.send(async () => Promise.reject(refused()))).rejects.toThrow(/ECONNREFUSED/);
    pool.close();
  });
});
