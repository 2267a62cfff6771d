import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateChunks } from "../../../bench/corpus.js";
import { loadPiiResources } from "../../../src/detectors/pii/find-pii.js";
import {
  type PatternRecognizer,
  patternRecognizers,
} from "../../../src/detectors/pii/pattern-recognizers.js";
import { findPhoneNumbers } from "../../../src/detectors/pii/phone.js";

const repoRoot = new URL("../../../", import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The sample corpus and bench chunks (full of cards, IBANs, IPs and phone numbers). */
function sampleTexts(): string[] {
  const texts = filesUnder(join(repoRoot, "fixtures/docs"))
    .filter((path) => ![".pdf", ".docx"].includes(extname(path)))
    .map((path) => readFileSync(path, "utf8"));
  return [...texts, ...generateChunks(300)];
}

/** Each text with its digits dropped, and with them written as look-alike letters. */
function withoutDigits(texts: readonly string[]): string[] {
  const lookAlike = "OlZEhSbTBg";
  return texts.flatMap((text) => [
    text.replace(/\d/g, ""),
    text.replace(/\d/g, (digit) => lookAlike[Number(digit)]!),
    text.replace(/\d/g, "a"),
  ]);
}

function matchesWithoutDigit(recognizer: PatternRecognizer, texts: readonly string[]): string[] {
  return texts.flatMap((text) =>
    [...text.matchAll(recognizer.pattern)].map((match) => match[0]).filter((v) => !/\d/.test(v)),
  );
}

describe("digit gate of the PII patterns", () => {
  const texts = sampleTexts();
  const digitFree = withoutDigits(texts);

  it("skips only patterns that never match without a digit", () => {
    const gated = patternRecognizers.filter((recognizer) => recognizer.needsDigit);
    expect(gated.length).toBeGreaterThanOrEqual(6);
    for (const recognizer of gated) {
      expect(matchesWithoutDigit(recognizer, texts), recognizer.pattern.source).toEqual([]);
      expect(matchesWithoutDigit(recognizer, digitFree), recognizer.pattern.source).toEqual([]);
    }
  });

  it("would catch a gated pattern that can match without a digit", () => {
    const uuid = patternRecognizers.find((recognizer) => recognizer.type === "UUID")!;
    expect(matchesWithoutDigit(uuid, ["id deadbeef-dead-beef-dead-beefdeadbeef"])).toHaveLength(1);
  });

  it("finds no phone number in text without digits", async () => {
    const { parsePhone } = await loadPiiResources();
    expect(texts.some((text) => findPhoneNumbers(text, parsePhone).length > 0)).toBe(true);
    for (const text of digitFree) expect(findPhoneNumbers(text, parsePhone)).toEqual([]);
  });
});
