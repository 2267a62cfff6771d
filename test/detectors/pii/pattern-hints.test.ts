import { describe, expect, it } from "vitest";
import { generateChunks, seededRandom } from "../../../bench/corpus.js";
import {
  mayHoldBareHost,
  patternRecognizers,
  rareHints,
} from "../../../src/detectors/pii/pattern-recognizers.js";

/** Texts built from pieces of URLs, hosts, e-mails, IPs, UUIDs and the separators around them. */
function sampleTexts(): string[] {
  const random = seededRandom(21);
  const parts = ["example", "EXAMPLE", "a", "x-y", "_", "@", ".", "..", "-", "com", "co", "uk"];
  parts.push(".com", ".io", ".Com", "www.", "WWW.", "https://", "/path", " ", "\n", "(", ")");
  parts.push("jane.doe", "[at]", " (at) ", "[dot]", "::1", "fe80::", "1a2b:", "12.34", "10.0.0.1");
  parts.push("123e4567-e89b-12d3-a456-426614174000", "-beef-", "bc1", "BC1q", "0x", "ſ", "é");
  parts.push("dev", "in", "me", "ly", "tv", "3", "%", "+", ",", ";", "!", "?", "'", '"', "<", ">");
  const texts = Array.from({ length: 30_000 }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * 12) },
      () => parts[Math.floor(random() * parts.length)],
    ).join(""),
  );
  texts.push("mail jane@example.com today", "see example.com", "x_y.com", "a.com.uk@b");
  return [...texts, ...generateChunks(500, 1000, 11)];
}

describe("PII pattern hints", () => {
  const texts = sampleTexts();

  it("pass every text where a recognizer's pattern finds a value", () => {
    let matched = 0;
    for (const { pattern, hint, score } of patternRecognizers) {
      if (hint === undefined) continue;
      for (const text of texts) {
        // A match that scores: the IPv6 hint (two colons) also turns away what its score would.
        const scored = [...text.matchAll(pattern)].some(
          (match) => score(match[0], text.slice(Math.max(0, match.index - 48), match.index)) > 0,
        );
        if (!scored) continue;
        matched += 1;
        const passes =
          typeof hint === "string"
            ? text.includes(hint)
            : typeof hint === "function"
              ? hint(text)
              : hint.test(text);
        expect(passes, `${pattern.source} on ${JSON.stringify(text)}`).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(5000);
  });

  it("rareHints matches exactly when one of the case-insensitive regex hints does", () => {
    const hints = patternRecognizers.flatMap(({ hint }) =>
      hint instanceof RegExp && hint.flags === "i" ? [hint] : [],
    );
    expect(hints.length).toBe(5);
    let some = 0;
    for (const text of texts) {
      const any = hints.some((hint) => hint.test(text));
      if (any) some += 1;
      expect(rareHints.test(text), JSON.stringify(text)).toBe(any);
    }
    expect(some).toBeGreaterThan(1000);
    expect(some).toBeLessThan(texts.length);
  });

  it("turns away hosts that are e-mail domains", () => {
    expect(mayHoldBareHost("mail jane@example.com today")).toBe(false);
    expect(mayHoldBareHost("x_y.com and a@b.co.uk")).toBe(false);
    expect(mayHoldBareHost("see example.com")).toBe(true);
    expect(mayHoldBareHost("a@b.com, then docs.example.io/x")).toBe(true);
  });
});
