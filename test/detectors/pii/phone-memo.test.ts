import { describe, expect, it } from "vitest";
import { generateChunks } from "../../../bench/corpus.js";
import { loadPiiResources } from "../../../src/detectors/pii/find-pii.js";
import {
  defaultPhoneRegions,
  findPhoneNumbers,
  type ParsePhoneNumber,
} from "../../../src/detectors/pii/phone.js";

const texts = [
  "Call +1 415 555 0134 or 020 7946 0958 (office), fax 030 901820.",
  "Reach Priya at +44 20 7946 0958 about the contract; the router is 192.168.10.",
  "Her SSN 078-05-1120, order 4111 1111 1111, tel: 06 12 34 56 78, ext. 12",
  "dial 0049 30 901820, 2019-2023, 20240312.1, 10.20.0.0/16, (555) 010-9999 x818",
  ...generateChunks(300, 1000, 3),
];

describe("phone candidate memo", () => {
  it("gives the scores of a fresh parse, and parses a repeated number once", async () => {
    const { parsePhone } = await loadPiiResources();
    let calls = 0;
    const counting: ParsePhoneNumber = (text, region) => {
      calls += 1;
      return parsePhone(text, region);
    };
    // A copy of the default regions is not memoised: every candidate is parsed afresh.
    const fresh = texts.map((text) => findPhoneNumbers(text, parsePhone, [...defaultPhoneRegions]));
    const first = texts.map((text) => findPhoneNumbers(text, counting));
    expect(first).toEqual(fresh);
    expect(fresh.flat().length).toBeGreaterThan(10);
    expect(calls).toBeGreaterThan(0);
    calls = 0;
    const again = texts.map((text) => findPhoneNumbers(text, counting));
    expect(again).toEqual(fresh);
    expect(calls).toBe(0);
  });

  it("holds at most 64 candidates, then starts over", async () => {
    const { parsePhone } = await loadPiiResources();
    let calls = 0;
    const counting: ParsePhoneNumber = (text, region) => {
      calls += 1;
      return parsePhone(text, region);
    };
    const numbers = Array.from({ length: 65 }, (_, index) => `call +1 415 555 ${1000 + index}`);
    for (const text of numbers.slice(0, 64)) findPhoneNumbers(text, counting);
    calls = 0;
    for (const text of numbers.slice(0, 64)) findPhoneNumbers(text, counting);
    expect(calls).toBe(0);
    findPhoneNumbers(numbers[64]!, counting);
    calls = 0;
    findPhoneNumbers(numbers[0]!, counting);
    expect(calls).toBeGreaterThan(0);
  });
});
