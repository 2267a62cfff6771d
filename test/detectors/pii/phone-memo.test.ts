import { describe, expect, it } from "vitest";
import { generateChunks } from "../../../bench/corpus.js";
import { loadPiiResources } from "../../../src/detectors/pii/find-pii.js";
import { findPhoneNumbers, type ParsePhoneNumber } from "../../../src/detectors/pii/phone.js";

const texts = [
  "Call +1 415 555 0134 or 020 7946 0958 (office), fax 030 901820.",
  "Reach Priya at +44 20 7946 0958 about the contract; the router is 192.168.10.",
  "Her SSN 078-05-1120, order 4111 1111 1111, tel: 06 12 34 56 78, ext. 12",
  "dial 0049 30 901820, 2019-2023, 20240312.1, 10.20.0.0/16, (555) 010-9999 x818",
  ...generateChunks(300, 1000, 3),
];

async function countingParser(): Promise<{ parse: ParsePhoneNumber; calls: () => number }> {
  const { parsePhone } = await loadPiiResources();
  let calls = 0;
  const parse: ParsePhoneNumber = (text, region) => {
    calls += 1;
    return parsePhone(text, region);
  };
  return { parse, calls: () => calls };
}

describe("phone candidate memo (one per scan)", () => {
  it("parses a number repeated in one text once, with the same score every time", async () => {
    const footer = "Questions? Call +1 415 555 0134 (office).";
    const once = await countingParser();
    const single = findPhoneNumbers(footer, once.parse);
    const repeated = await countingParser();
    const pages = Array.from({ length: 6 }, () => footer).join("\n");
    const found = findPhoneNumbers(pages, repeated.parse);
    expect(single).toHaveLength(1);
    expect(found).toHaveLength(6);
    expect(new Set(found.map((match) => match.score))).toEqual(new Set([single[0]!.score]));
    expect(repeated.calls()).toBe(once.calls());
  });

  it("keeps nothing between scans: the same text parses again, to the same result", async () => {
    const counter = await countingParser();
    const first = texts.map((text) => findPhoneNumbers(text, counter.parse));
    const afterFirst = counter.calls();
    expect(first.flat().length).toBeGreaterThan(10);
    const again = texts.map((text) => findPhoneNumbers(text, counter.parse));
    expect(again).toEqual(first);
    expect(counter.calls()).toBe(2 * afterFirst);
  });
});
