import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { Anonymize } from "../../src/scanners/anonymize.js";
import { Vault } from "../../src/scanners/vault.js";

const ticket = [
  "Hi team, I'm John Smith from the Lisbon office.",
  "Reach me at john.smith@acme-corp.com or +1 415-555-2671.",
  "Please refund card 4111 1111 1111 1111 to IBAN GB82 WEST 1234 5698 7654 32.",
  "My SSN is 123-45-6788 and the VPN gave me 10.20.30.40 (or 2001:db8::ff00:42:8329).",
  "Send the BTC to 1BoatSLRHtKNngkdXEeobR76b53LETtpyT, order id 123e4567-e89b-12d3-a456-426614174000,",
  "details at https://portal.acme-corp.com/orders?id=7.",
].join(" ");

describe("Anonymize", () => {
  it("replaces every entity type with numbered placeholders and stores the pairs", async () => {
    const vault = new Vault();
    const result = await new Anonymize(vault).scan(ticket);
    expect(result.valid).toBe(false);
    expect(result.score).toBe(1);
    expect(result.sanitized).toBe(
      [
        "Hi team, I'm [REDACTED_PERSON_1] from the Lisbon office.",
        "Reach me at [REDACTED_EMAIL_ADDRESS_1] or [REDACTED_PHONE_NUMBER_1].",
        "Please refund card [REDACTED_CREDIT_CARD_1] to IBAN [REDACTED_IBAN_CODE_1].",
        "My SSN is [REDACTED_US_SSN_1] and the VPN gave me [REDACTED_IP_ADDRESS_1] (or [REDACTED_IP_ADDRESS_2]).",
        "Send the BTC to [REDACTED_CRYPTO_1], order id [REDACTED_UUID_1],",
        "details at [REDACTED_URL_1].",
      ].join(" "),
    );
    expect(vault.get()).toContainEqual(["[REDACTED_PERSON_1]", "John Smith"]);
    expect(vault.get()).toContainEqual(["[REDACTED_CREDIT_CARD_1]", "4111 1111 1111 1111"]);
    expect(vault.size).toBe(11);
  });

  it("leaves text without personal data valid and unchanged", async () => {
    const text =
      "The migration moved 1.2 million rows into PostgreSQL 15 without downtime; p99 latency stayed under 120 ms.";
    expect(await new Anonymize(new Vault()).scan(text)).toEqual({
      sanitized: text,
      valid: true,
      score: 0,
    });
  });

  it("gives the same value the same placeholder across scans sharing a vault", async () => {
    const vault = new Vault();
    const scanner = new Anonymize(vault);
    const first = await scanner.scan("Mail jane.doe@example.org and bob@example.org.");
    const second = await new Anonymize(vault).scan(
      "Did bob@example.org reply? Ask jane.doe@example.org.",
    );
    expect(first.sanitized).toBe("Mail [REDACTED_EMAIL_ADDRESS_1] and [REDACTED_EMAIL_ADDRESS_2].");
    expect(second.sanitized).toBe(
      "Did [REDACTED_EMAIL_ADDRESS_2] reply? Ask [REDACTED_EMAIL_ADDRESS_1].",
    );
  });

  it("rejects numbers that fail their checksum", async () => {
    const text = "Card 4111 1111 1111 1112, IBAN GB82 WEST 1234 5698 7654 33, SSN 000-12-3456.";
    expect((await new Anonymize(new Vault()).scan(text)).valid).toBe(true);
  });

  it("finds obfuscated e-mail addresses", async () => {
    const result = await new Anonymize(new Vault(), { entityTypes: ["EMAIL_ADDRESS"] }).scan(
      "write to jane [at] example [dot] com today",
    );
    expect(result.sanitized).toBe("write to [REDACTED_EMAIL_ADDRESS_1] today");
  });

  it("restricts detection to entityTypes", async () => {
    const result = await new Anonymize(new Vault(), { entityTypes: ["EMAIL_ADDRESS"] }).scan(
      "John Smith <john@acme.io>, +1 415-555-2671",
    );
    expect(result.sanitized).toBe("John Smith <[REDACTED_EMAIL_ADDRESS_1]>, +1 415-555-2671");
  });

  it("always redacts hidden names and never allowed names", async () => {
    const scanner = new Anonymize(new Vault(), {
      hiddenNames: ["Project Falcon"],
      allowedNames: ["support@acme.io"],
    });
    const result = await scanner.scan(
      "Status of project falcon? Ask support@acme.io or ops@acme.io.",
    );
    expect(result.sanitized).toBe(
      "Status of [REDACTED_CUSTOM_1]? Ask support@acme.io or [REDACTED_EMAIL_ADDRESS_1].",
    );
  });

  it("puts the preamble before a redacted text only", async () => {
    const scanner = new Anonymize(new Vault(), {
      preamble: "Placeholders stand for private data. ",
    });
    expect((await scanner.scan("mail ann@example.com")).sanitized).toBe(
      "Placeholders stand for private data. mail [REDACTED_EMAIL_ADDRESS_1]",
    );
    expect((await scanner.scan("nothing here")).sanitized).toBe("nothing here");
  });

  it("detects people with titles, cues and surnames, not streets or places", async () => {
    const vault = new Vault();
    const result = await new Anonymize(vault, { entityTypes: ["PERSON"] }).scan(
      "Dear Ms. Okafor, Dr. Wijtze van der Berg will meet Maria Garcia at 12 Thomas Avenue in San Luis.",
    );
    expect(result.sanitized).toBe(
      "Dear Ms. [REDACTED_PERSON_1], Dr. [REDACTED_PERSON_2] will meet [REDACTED_PERSON_3] at 12 Thomas Avenue in San Luis.",
    );
  });

  it("a higher threshold drops weaker findings", async () => {
    const text = "Call 415-555-2671 tomorrow.";
    expect((await new Anonymize(new Vault()).scan(text)).valid).toBe(false);
    expect((await new Anonymize(new Vault(), { threshold: 0.99 }).scan(text)).valid).toBe(true);
  });

  it("useFaker writes realistic values, the same fake for the same value", async () => {
    const vault = new Vault();
    const scanner = new Anonymize(vault, { useFaker: true });
    const result = await scanner.scan(
      "Contact jane.doe@example.org; cc jane.doe@example.org. SSN 123-45-6788.",
    );
    expect(result.valid).toBe(false);
    expect(result.sanitized).not.toContain("jane.doe@example.org");
    expect(result.sanitized).not.toContain("REDACTED");
    const [fakeEmail] = vault.get().find(([, original]) => original === "jane.doe@example.org")!;
    expect(fakeEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(result.sanitized.split(fakeEmail).length - 1).toBe(2);
    const [fakeSsn] = vault.get().find(([, original]) => original === "123-45-6788")!;
    expect(fakeSsn).toMatch(/^9\d\d-\d\d-\d{4}$/);
  });

  it("validates options and the vault at construction", () => {
    // @ts-expect-error not an entity type
    expect(() => new Anonymize(new Vault(), { entityTypes: ["PASSPORT"] })).toThrow(/entityTypes/);
    expect(() => new Anonymize(new Vault(), { threshold: 2 })).toThrow(/threshold/);
    // @ts-expect-error a vault is required
    expect(() => new Anonymize({})).toThrow(ConfigError);
  });

  it("preload loads the PERSON and phone data ahead of the first scan", async () => {
    await expect(Anonymize.preload()).resolves.toBeUndefined();
    const result = await new Anonymize(new Vault(), { entityTypes: ["PHONE_NUMBER"] }).scan(
      "tel +44 20 7946 0958",
    );
    expect(result.sanitized).toBe("tel [REDACTED_PHONE_NUMBER_1]");
  });
});
