import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanOutput } from "../../src/scan/scan-output.js";
import { Bias } from "../../src/scanners/catalogue/bias.js";
import { FactualConsistency } from "../../src/scanners/catalogue/factual-consistency.js";
import { Json } from "../../src/scanners/catalogue/json.js";
import { LanguageSame } from "../../src/scanners/catalogue/language-same.js";
import { MaliciousURLs } from "../../src/scanners/catalogue/malicious-urls.js";
import { NoRefusal } from "../../src/scanners/catalogue/no-refusal.js";
import { ReadingTime } from "../../src/scanners/catalogue/reading-time.js";
import { Relevance } from "../../src/scanners/catalogue/relevance.js";
import { Sensitive } from "../../src/scanners/catalogue/sensitive.js";
import { URLReachability } from "../../src/scanners/catalogue/url-reachability.js";
import { createOutputScanner } from "../../src/scanners/output-registry.js";
import { Vault } from "../../src/scanners/vault.js";

describe("Bias", () => {
  it("flags a sweeping statement about a group and passes a factual one", async () => {
    const scanner = new Bias();
    expect((await scanner.scan("Women are too emotional to lead a company.")).valid).toBe(false);
    const fact = "Women held 10% of CEO positions in the Fortune 500 in 2023.";
    expect(await scanner.scan(fact)).toEqual({ sanitized: fact, valid: true, score: 0 });
  });
});

describe("FactualConsistency", () => {
  const context = "The Basic plan costs $20 a month and includes 5 users. Support is by e-mail.";
  it("passes an answer the context supports and flags a changed figure", () => {
    const scanner = new FactualConsistency({ minimumScore: 0.5 });
    expect(scanner.scanOutput(context, "The Basic plan costs $20 a month for 5 users.").valid).toBe(
      true,
    );
    expect(
      scanner.scanOutput(context, "The Basic plan costs $35 a month for 12 users.").valid,
    ).toBe(false);
    expect(scanner.scanOutput(context, "Phone support is available around the clock.").valid).toBe(
      false,
    );
  });
});

describe("JSON", () => {
  it("flags broken JSON, repairs it when asked, and requires elements", async () => {
    const broken = 'Result: {"name": "Ada", "age": 36,}';
    expect((await new Json().scan(broken)).valid).toBe(false);
    expect(await new Json({ repair: true }).scan(broken)).toEqual({
      sanitized: 'Result: {"name": "Ada", "age": 36}',
      valid: true,
      score: 0,
    });
    expect((await new Json({ requiredElements: 1 }).scan("No JSON here.")).valid).toBe(false);
    expect((await new Json({ requiredElements: 1 }).scan('Done: {"ok": true}')).valid).toBe(true);
  });
});

describe("LanguageSame", () => {
  it("flags an answer in another language than the question", async () => {
    const scanner = new LanguageSame();
    const question = "What are the opening hours of the museum on Sundays?";
    expect(
      (await scanner.scanOutput(question, "The museum is open from 10 am to 6 pm on Sundays."))
        .valid,
    ).toBe(true);
    const french =
      "Le musée est ouvert de 10 heures à 18 heures le dimanche, sauf les jours fériés.";
    expect((await scanner.scanOutput(question, french)).valid).toBe(false);
  });
});

describe("MaliciousURLs", () => {
  it("flags a phishing-shaped link and passes a plain documentation link", async () => {
    const scanner = new MaliciousURLs();
    const phishing = await scanner.scan(
      "Verify your account at http://paypal.com.account-verify.xyz/login now",
    );
    expect(phishing.valid).toBe(false);
    const ip = await scanner.scan("Download the fix from http://185.22.14.9/update.exe");
    expect(ip.valid).toBe(false);
    expect((await scanner.scan("See https://nodejs.org/api/http.html for details.")).valid).toBe(
      true,
    );
  });
});

describe("NoRefusal", () => {
  it("flags a refusal and passes an answer", async () => {
    const scanner = new NoRefusal();
    expect(await scanner.scan("I'm sorry, but I can't help with that request.")).toMatchObject({
      valid: false,
      score: 1,
    });
    expect((await scanner.scan("Sure! Here are three ideas for the team offsite.")).valid).toBe(
      true,
    );
  });
});

describe("ReadingTime", () => {
  it("flags and truncates an answer longer than max_time minutes", () => {
    const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
    expect(new ReadingTime({ maxTime: 2 }).scan(text).valid).toBe(true);
    const cut = new ReadingTime({ maxTime: 0.5, truncate: true }).scan(text);
    expect(cut.valid).toBe(false);
    expect(cut.sanitized.split(" ")).toHaveLength(100);
  });
});

describe("Relevance", () => {
  it("passes an on-topic answer and flags an unrelated one", () => {
    const scanner = new Relevance({ threshold: 0.2 });
    const prompt = "How do I reset my home router to factory settings?";
    expect(
      scanner.scanOutput(prompt, "Hold the reset button on the back of the router for 10 seconds.")
        .valid,
    ).toBe(true);
    expect(scanner.scanOutput(prompt, "Bananas are rich in potassium and fibre.").valid).toBe(
      false,
    );
  });
});

describe("Sensitive", () => {
  it("flags and redacts personal data in an answer", async () => {
    const result = await new Sensitive({ redact: true }).scan(
      "You can reach her at jane.doe@example.com.",
    );
    expect(result).toMatchObject({
      sanitized: "You can reach her at [REDACTED_EMAIL_ADDRESS].",
      valid: false,
    });
    expect((await new Sensitive().scan("The meeting is at noon.")).valid).toBe(true);
  });
});

describe("URLReachability", () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.statusCode = request.url === "/ok" ? 200 : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("calls nothing without allowed_domains", async () => {
    const result = await new URLReachability().scan(`See ${base}/missing`);
    expect(result).toMatchObject({ valid: true, score: 0 });
    expect(requests).toEqual([]);
  });

  it("never connects to a private or loopback address, even when the host is allowed", async () => {
    const scanner = new URLReachability({ allowedDomains: ["localhost"] });
    const result = await scanner.scan(`See ${base}/ok`);
    expect(result).toMatchObject({ valid: false, score: 1 });
    expect(requests).toEqual([]);
  });

  it("checks allowed URLs' statuses (with the address check relaxed for this test server)", async () => {
    const scanner = new URLReachability(
      { allowedDomains: ["localhost"], timeout: 2 },
      { isBlockedAddress: () => false },
    );
    expect(await scanner.scan(`Docs: ${base}/ok`)).toMatchObject({ valid: true, score: 0 });
    expect(await scanner.scan(`Docs: ${base}/ok and ${base}/gone`)).toMatchObject({
      valid: false,
      score: 0.5,
    });
    expect(requests).toEqual(["/ok", "/ok", "/gone"]);
  });
});

describe("output registry", () => {
  it("builds LLM Guard's output scanners from snake_case params and runs them in order", async () => {
    const vault = new Vault();
    vault.append(["[REDACTED_PERSON_1]", "Jane Doe"]);
    const scanners = [
      createOutputScanner({ type: "NoRefusal", params: { threshold: 0.9 } }, { vault }),
      createOutputScanner(
        { type: "Deanonymize", params: { matching_strategy: "exact" } },
        { vault },
      ),
      createOutputScanner(
        { type: "ReadingTime", params: { max_time: 5, truncate: false } },
        { vault },
      ),
    ];
    const [sanitized, valid, scores] = await scanOutput(
      scanners,
      "Write to [REDACTED_PERSON_1]",
      "Dear [REDACTED_PERSON_1], thanks for your order.",
    );
    expect(sanitized).toBe("Dear Jane Doe, thanks for your order.");
    expect(valid).toEqual({ NoRefusal: true, Deanonymize: true, ReadingTime: true });
    expect(Object.keys(scores)).toEqual(["NoRefusal", "Deanonymize", "ReadingTime"]);
    expect(() => createOutputScanner({ type: "Anonymize" }, { vault })).toThrow(
      /unknown output scanner type "Anonymize"/,
    );
  });
});
