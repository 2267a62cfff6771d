import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { BanCode } from "../../src/scanners/catalogue/ban-code.js";
import { BanCompetitors } from "../../src/scanners/catalogue/ban-competitors.js";
import { BanSubstrings } from "../../src/scanners/catalogue/ban-substrings.js";
import { BanTopics } from "../../src/scanners/catalogue/ban-topics.js";
import { Code } from "../../src/scanners/catalogue/code.js";
import { EmotionDetection } from "../../src/scanners/catalogue/emotion-detection.js";
import { Gibberish } from "../../src/scanners/catalogue/gibberish.js";
import { Language } from "../../src/scanners/catalogue/language.js";
import { Sentiment } from "../../src/scanners/catalogue/sentiment.js";
import { TokenLimit } from "../../src/scanners/catalogue/token-limit.js";
import { createScanner } from "../../src/scanners/registry.js";
import { Vault } from "../../src/scanners/vault.js";

describe("BanSubstrings", () => {
  it("flags and redacts a banned word, but not inside another word with match_type word", async () => {
    const scanner = createScanner(
      { type: "BanSubstrings", params: { substrings: ["test"], match_type: "word", redact: true } },
      { vault: new Vault() },
    );
    expect(await scanner.scan("Run the Test suite before release.")).toEqual({
      sanitized: "Run the [REDACTED] suite before release.",
      valid: false,
      score: 1,
    });
    expect((await scanner.scan("The contest results are out.")).valid).toBe(true);
  });

  it("with contains_all needs every substring", () => {
    const scanner = new BanSubstrings({ substrings: ["wire", "urgent"], containsAll: true });
    expect(scanner.scan("Please wire the money today").valid).toBe(true);
    expect(scanner.scan("URGENT: wire the money today").valid).toBe(false);
  });
});

describe("BanCompetitors", () => {
  it("redacts a competitor's name with its possessive and leaves other companies alone", () => {
    const scanner = new BanCompetitors({ competitors: ["Facebook", "Acme Corp"] });
    expect(scanner.scan("Is Facebook's ad platform cheaper than ours?")).toEqual({
      sanitized: "Is [REDACTED]'s ad platform cheaper than ours?",
      valid: false,
      score: 1,
    });
    expect(scanner.scan("We moved our campaigns from Google Ads.").valid).toBe(true);
    expect(scanner.scan("Acme  Corp raised prices").valid).toBe(false);
  });
});

describe("BanCode and Code", () => {
  const python = "import os\n\ndef clean(path):\n    os.remove(path)\n    return True\n";
  it("BanCode flags a text that is code and passes prose that mentions code", () => {
    const scanner = new BanCode();
    expect(scanner.scan(python)).toMatchObject({ valid: false, score: 1 });
    const prose = "Can you explain what a Python decorator does? I read about it in the docs.";
    expect(scanner.scan(prose)).toEqual({ sanitized: prose, valid: true, score: 0 });
  });

  it("Code names the language of a fenced block and blocks only the listed ones", async () => {
    const fenced = `Here is my script:\n\`\`\`\n${python}\`\`\`\nWhy does it fail?`;
    expect((await new Code({ languages: ["Python"] }).scan(fenced)).valid).toBe(false);
    expect((await new Code({ languages: ["Java"] }).scan(fenced)).valid).toBe(true);
    expect((await new Code({ languages: ["Python"], isBlocked: false }).scan(fenced)).valid).toBe(
      true,
    );
    expect(
      (await new Code({ languages: ["Python"] }).scan("No code, just a question.")).valid,
    ).toBe(true);
    expect(() => new Code({ languages: ["Klingon"] })).toThrow(/unknown language "Klingon"/);
  });
});

describe("BanTopics", () => {
  it("flags violent text for the violence topic and not a cooking question", async () => {
    const scanner = new BanTopics({ topics: ["violence"], threshold: 0.8 });
    const threat = await scanner.scan(
      "I will find him, stab him and beat him until there is blood.",
    );
    expect(threat.valid).toBe(false);
    expect(threat.score).toBeGreaterThanOrEqual(0.8);
    expect((await scanner.scan("How long should I roast a chicken at 200 degrees?")).valid).toBe(
      true,
    );
  });

  it("matches a topic outside its lexicon by the topic's own words", async () => {
    const scanner = new BanTopics({ topics: ["cryptocurrency"], threshold: 0.5 });
    expect((await scanner.scan("Which cryptocurrency should I buy?")).valid).toBe(false);
  });
});

describe("Gibberish", () => {
  it("flags keyboard mash and passes ordinary sentences", async () => {
    const scanner = new Gibberish();
    expect((await scanner.scan("asdfgh qwrtzp xkcdvbn lkjhgf")).valid).toBe(false);
    const normal = await scanner.scan("Please reschedule the meeting with the supplier to Friday.");
    expect(normal).toMatchObject({ valid: true, score: 0 });
  });
});

describe("Language", () => {
  it("passes English and flags French for valid_languages [en]", async () => {
    const scanner = new Language({ validLanguages: ["en"] });
    const english = await scanner.scan("Could you help me write a polite reminder to my landlord?");
    expect(english.valid).toBe(true);
    const french = await scanner.scan(
      "Bonjour, pourriez-vous m'aider à écrire une lettre de rappel à mon propriétaire ?",
    );
    expect(french.valid).toBe(false);
    expect(french.score).toBeGreaterThan(0.6);
  });

  it("rejects a language that is not an ISO 639-1 code", () => {
    expect(() => new Language({ validLanguages: ["english"] })).toThrow(ConfigError);
  });
});

describe("Sentiment", () => {
  it("flags a hostile complaint and passes a friendly request", async () => {
    const scanner = new Sentiment();
    const angry = await scanner.scan(
      "This service is terrible, I hate it and your staff is awful.",
    );
    expect(angry.valid).toBe(false);
    expect(angry.score).toBeGreaterThan(0.5);
    expect((await scanner.scan("Thanks a lot, the new dashboard is great!")).valid).toBe(true);
  });
});

describe("TokenLimit", () => {
  it("cuts a text at the limit with cl100k and o200k", async () => {
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(20);
    for (const encodingName of ["cl100k_base", "o200k_base"] as const) {
      const result = await new TokenLimit({ limit: 50, encodingName }).scan(text);
      expect(result.valid).toBe(false);
      expect(text.startsWith(result.sanitized)).toBe(true);
      expect(result.sanitized.length).toBeLessThan(text.length);
    }
    expect((await new TokenLimit({ limit: 50 }).scan("short prompt")).valid).toBe(true);
    expect(() => new TokenLimit({ modelName: "llama-3" })).toThrow(/no known encoding/);
  });
});

describe("EmotionDetection", () => {
  it("flags anger and passes gratitude (not a blocked emotion)", async () => {
    const scanner = new EmotionDetection();
    const angry = await scanner.scan("I'm furious. This is infuriating and I hate waiting.");
    expect(angry.valid).toBe(false);
    expect((await scanner.scan("Thank you so much, that was really helpful!")).valid).toBe(true);
  });
});
