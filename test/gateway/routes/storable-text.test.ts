import { describe, expect, it } from "vitest";
import { storableRecord, storableString } from "../../../src/gateway/routes/storable-text.js";

describe("storable text (what PostgreSQL text/jsonb accept)", () => {
  it("accepts ordinary and astral text, refuses NUL and unpaired surrogates", () => {
    expect(storableString.safeParse("Zoë 😀 日本").success).toBe(true);
    expect(storableString.safeParse("a\u0000b").success).toBe(false);
    expect(storableString.safeParse("a\ud800").success).toBe(false);
    expect(storableString.safeParse("\udc00a").success).toBe(false);
  });

  it("names the path of the first bad key or string in a record", () => {
    expect(storableRecord.safeParse({ a: [1, { b: "ok" }] }).success).toBe(true);
    const nested = storableRecord.safeParse({ a: [1, { b: "x\u0000" }] });
    expect(nested.success).toBe(false);
    expect(nested.error?.issues[0]?.path).toEqual(["a", 1, "b"]);
    const badKey = storableRecord.safeParse({ "k\ud83d": 1 });
    expect(badKey.error?.issues[0]?.path).toEqual(["k\ud83d"]);
  });
});
