import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { silentLogger } from "../../src/common/logger.js";
import { scanPrompt } from "../../src/scan/scan-prompt.js";
import {
  buildScanners,
  createScanner,
  defaultScannerConfigs,
  scannerConfigSchema,
  scannerNames,
  toCamelCaseParams,
} from "../../src/scanners/registry.js";
import { Vault } from "../../src/scanners/vault.js";

const context = { vault: new Vault() };

describe("scanner registry", () => {
  it("creates a Regex from LLM Guard snake_case params", () => {
    const scanner = createScanner(
      {
        type: "Regex",
        params: { patterns: ["ACCT-\\d+"], match_type: "SEARCH", is_blocked: true },
      },
      context,
    );
    expect(scanner.name).toBe("Regex");
    expect(scanner.scan("ACCT-1 and ACCT-2")).toEqual({
      sanitized: "[REDACTED] and ACCT-2",
      valid: false,
      score: 1,
    });
  });

  it("accepts camelCase params and missing or null params", () => {
    expect(createScanner({ type: "Secrets", params: { redactMode: "hash" } }, context).name).toBe(
      "Secrets",
    );
    expect(createScanner({ type: "InvisibleText" }, context).name).toBe("InvisibleText");
    expect(createScanner({ type: "InvisibleText", params: null }, context).name).toBe(
      "InvisibleText",
    );
  });

  it("rejects an unknown type listing the known ones", () => {
    const attempt = () => createScanner({ type: "NoSuchScanner", params: {} }, context);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/unknown scanner type "NoSuchScanner"/);
    for (const name of scannerNames) expect(attempt).toThrow(new RegExp(name));
  });

  it("rejects bad params naming the option", () => {
    expect(() =>
      createScanner({ type: "Secrets", params: { redact_mode: "blur" } }, context),
    ).toThrow(/Secrets options: redactMode/);
    expect(() =>
      createScanner({ type: "Regex", params: { patterns: ["x"], colour: "red" } }, context),
    ).toThrow(/colour: unknown key/);
    expect(() => createScanner({ type: "Regex", params: { patterns: ["("] } }, context)).toThrow(
      /patterns\[0\]/,
    );
  });

  it("rejects a key given in both spellings", () => {
    expect(() => toCamelCaseParams({ match_type: "all", matchType: "search" }, "Regex")).toThrow(
      /twice/,
    );
  });

  it("builds a list in order and names the failing entry", async () => {
    const scanners = buildScanners(
      [{ type: "InvisibleText" }, { type: "Regex", params: { patterns: ["secret"] } }],
      context,
    );
    expect(scanners.map((scanner) => scanner.name)).toEqual(["InvisibleText", "Regex"]);
    const [sanitized, valid] = await scanPrompt(scanners, "a se\u200Bcret plan", {
      logger: silentLogger,
    });
    expect(sanitized).toBe("a [REDACTED] plan");
    expect(valid).toEqual({ InvisibleText: false, Regex: false });
    expect(() =>
      buildScanners([{ type: "InvisibleText" }, { type: "Nope" }], {
        ...context,
        source: "input_scanners",
      }),
    ).toThrow(/^input_scanners\[1\]: unknown scanner type "Nope"/);
  });

  it("validates config entries with the shared schema", () => {
    expect(
      scannerConfigSchema.safeParse({ type: "Regex", params: { patterns: ["x"] } }).success,
    ).toBe(true);
    const bad = scannerConfigSchema.safeParse({ type: "Nope" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/known: Regex/);
    expect(scannerConfigSchema.safeParse({ type: "Regex", extra: 1 }).success).toBe(false);
  });

  it("builds the default scanner set with every scanner the guard API uses", () => {
    const scanners = buildScanners(defaultScannerConfigs, context);
    expect(scanners.map((scanner) => scanner.name)).toEqual([
      "InvisibleText",
      "Secrets",
      "Regex",
      "Anonymize",
      "PromptInjection",
      "Toxicity",
    ]);
    const regex = scanners[2]!;
    expect(regex.scan("curl -H 'Authorization: Bearer abcDEF123456789xyz' https://api")).toEqual({
      sanitized: "curl -H 'Authorization: [REDACTED]' https://api",
      valid: false,
      score: 1,
    });
  });

  it("creates Anonymize and Deanonymize sharing the context vault", async () => {
    const vault = new Vault();
    const anonymize = createScanner(
      { type: "Anonymize", params: { entity_types: ["EMAIL_ADDRESS"] } },
      { vault },
    );
    const deanonymize = createScanner({ type: "Deanonymize" }, { vault });
    const { sanitized } = await anonymize.scan("mail ann@example.com");
    expect(sanitized).toBe("mail [REDACTED_EMAIL_ADDRESS_1]");
    expect((await deanonymize.scan(sanitized)).sanitized).toBe("mail ann@example.com");
  });

  it("maps Anonymize's LLM Guard params (hidden_names, allowed_names, use_faker, threshold)", async () => {
    const vault = new Vault();
    const scanner = createScanner(
      {
        type: "Anonymize",
        params: {
          entity_types: ["EMAIL_ADDRESS"],
          hidden_names: ["Project Falcon"],
          allowed_names: ["help@acme.io"],
          use_faker: false,
          threshold: 0.6,
          preamble: "",
        },
      },
      { vault },
    );
    const { sanitized } = await scanner.scan("Project Falcon: mail help@acme.io or ceo@acme.io");
    expect(sanitized).toBe("[REDACTED_CUSTOM_1]: mail help@acme.io or [REDACTED_EMAIL_ADDRESS_1]");
  });
});
