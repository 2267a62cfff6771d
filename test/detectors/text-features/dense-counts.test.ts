import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../bench/corpus.js";
import { createBucketCounts } from "../../../src/detectors/text-features/bucket-counts.js";
import { createDenseMargin } from "../../../src/detectors/text-features/dense-counts.js";

const bits = 12;
const random = seededRandom(11);
const weights = Float32Array.from({ length: 1 << bits }, () => random() * 2 - 1);
const model = { bias: -0.25, weights };

/** Feature lists with few and many repeats (counts past the 64-entry log table too). */
function featureLists(): Uint32Array[] {
  const lists = [new Uint32Array(0), Uint32Array.of(7), new Uint32Array(200).fill(3)];
  for (let list = 0; list < 60; list += 1) {
    const size = Math.floor(random() * 900);
    const range = list % 3 === 0 ? 20 : 1 << bits;
    lists.push(Uint32Array.from({ length: size }, () => Math.floor(random() * range)));
  }
  lists.push(Uint32Array.from({ length: 3000 }, (_, index) => index % (1 << bits)));
  return lists;
}

describe("createDenseMargin", () => {
  it("gives the hash table's margin bit for bit, text after text", () => {
    const dense = createDenseMargin(bits);
    const table = createBucketCounts();
    for (const buckets of featureLists()) {
      table.reset();
      table.visitAll(buckets, 0, buckets.length);
      expect(dense.margin(model, buckets, 0, buckets.length)).toBe(table.margin(model));
    }
  });

  it("counts only the given range", () => {
    const dense = createDenseMargin(bits);
    const table = createBucketCounts();
    const buckets = Uint32Array.of(1, 2, 2, 3, 5, 5, 5, 8);
    table.visitAll(buckets, 2, 6);
    expect(dense.margin(model, buckets, 2, 6)).toBe(table.margin(model));
  });
});
