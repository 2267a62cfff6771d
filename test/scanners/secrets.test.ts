import { describe, expect, it } from "vitest";
import { Secrets } from "../../src/scanners/secrets.js";

const githubToken = `ghp_${"a1B2c3D4e5".repeat(3)}abcdef`;

describe("Secrets", () => {
  it("redacts a provider token and reports the text invalid", () => {
    const text = `Set GITHUB_TOKEN=${githubToken} in CI before running the release job.`;
    expect(new Secrets().scan(text)).toEqual({
      sanitized: "Set GITHUB_TOKEN=****** in CI before running the release job.",
      valid: false,
      score: 1,
    });
  });

  it("leaves ordinary engineering text valid", () => {
    const text =
      "Rotate the API key every 90 days and store it in the vault, never in the repository.";
    expect(new Secrets().scan(text)).toEqual({ sanitized: text, valid: true, score: 0 });
  });

  it("partial mode keeps the first and last two characters", () => {
    const result = new Secrets({ redactMode: "partial" }).scan("aws key AKIAIOSFODNN7EXAMPLE here");
    expect(result.sanitized).toBe("aws key AK...LE here");
  });

  it("hash mode writes a stable fingerprint instead of the value", () => {
    const scanner = new Secrets({ redactMode: "hash" });
    const first = scanner.scan(`token ${githubToken}`).sanitized;
    expect(first).toMatch(/^token [0-9a-f]{32}$/);
    expect(scanner.scan(`token ${githubToken}`).sanitized).toBe(first);
  });

  it("redacts only the password of a connection string", () => {
    const result = new Secrets().scan(
      "DATABASE_URL=postgres://app:s3cr3t-pass@db.internal:5432/orders",
    );
    expect(result.sanitized).toBe("DATABASE_URL=postgres://app:******@db.internal:5432/orders");
  });

  it("redacts a whole private key block", () => {
    const key =
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7bq\nabc\n-----END RSA PRIVATE KEY-----";
    const result = new Secrets().scan(`key:\n${key}\ndone`);
    expect(result.sanitized).toBe("key:\n******\ndone");
  });

  it("rejects an unknown redact mode naming the option", () => {
    // @ts-expect-error outside the enum
    expect(() => new Secrets({ redactMode: "blur" })).toThrow(/redactMode/);
  });

  it("redacts credentials passed in URL query parameters", () => {
    const result = new Secrets().scan(
      "GET https://api.example.com/v1/items?limit=5&api_key=Zx81kQp0aa77Ld&x=1",
    );
    expect(result.sanitized).toBe(
      "GET https://api.example.com/v1/items?limit=5&api_key=******&x=1",
    );
  });
});
