import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { Regex } from "../../src/scanners/regex.js";

const bearer = "Bearer [A-Za-z0-9._~+/-]+=*";

describe("Regex", () => {
  it("redacts a blocked match and reports the text invalid with score 1", () => {
    const result = new Regex({ patterns: [bearer] }).scan(
      "curl -H 'Authorization: Bearer eyJhbGciOi.abc_def-123' https://api.internal",
    );
    expect(result).toEqual({
      sanitized: "curl -H 'Authorization: [REDACTED]' https://api.internal",
      valid: false,
      score: 1,
    });
  });

  it("leaves a text without matches valid and unchanged", () => {
    const text = "Our quarterly report shows revenue grew by 12 percent.";
    expect(new Regex({ patterns: [bearer] }).scan(text)).toEqual({
      sanitized: text,
      valid: true,
      score: 0,
    });
  });

  it("keeps the text when redact is false", () => {
    const text = "token: Bearer abc123";
    const result = new Regex({ patterns: [bearer], redact: false }).scan(text);
    expect(result).toEqual({ sanitized: text, valid: false, score: 1 });
  });

  it("redacts every match with matchType all and only the first with search", () => {
    const text = "ids: ACCT-1111 and ACCT-2222";
    expect(new Regex({ patterns: ["ACCT-\\d+"] }).scan(text).sanitized).toBe(
      "ids: [REDACTED] and [REDACTED]",
    );
    expect(new Regex({ patterns: ["ACCT-\\d+"], matchType: "search" }).scan(text).sanitized).toBe(
      "ids: [REDACTED] and ACCT-2222",
    );
  });

  it("fullmatch only fires when the whole text matches", () => {
    const scanner = new Regex({ patterns: ["\\d{4}"], matchType: "fullmatch" });
    expect(scanner.scan("1234").valid).toBe(false);
    expect(scanner.scan("pin 1234").valid).toBe(true);
  });

  it("with isBlocked false the text must match one of the patterns", () => {
    const scanner = new Regex({ patterns: ["^TICKET-\\d+:"], isBlocked: false });
    expect(scanner.scan("TICKET-42: printer on fire")).toEqual({
      sanitized: "TICKET-42: printer on fire",
      valid: true,
      score: 0,
    });
    expect(scanner.scan("hello there")).toMatchObject({ valid: false, score: 1 });
  });

  it("turns a leading Python (?i) group into the i flag", () => {
    expect(new Regex({ patterns: ["(?i)password"] }).scan("PASSWORD is hunter2").valid).toBe(false);
  });

  it("fails at construction naming an invalid pattern", () => {
    expect(() => new Regex({ patterns: ["ok", "([unclosed"] })).toThrow(ConfigError);
    expect(() => new Regex({ patterns: ["ok", "([unclosed"] })).toThrow(
      /patterns\[1\].*\(\[unclosed/,
    );
  });

  it("rejects bad options naming the option", () => {
    expect(() => new Regex({ patterns: [] })).toThrow(/patterns/);
    // @ts-expect-error matchType outside the enum
    expect(() => new Regex({ patterns: ["x"], matchType: "everything" })).toThrow(/matchType/);
  });

  it("accepts RegExp objects as patterns", () => {
    const result = new Regex({ patterns: [/acct-\d+/i] }).scan("move ACCT-7 and acct-8");
    expect(result).toEqual({ sanitized: "move [REDACTED] and [REDACTED]", valid: false, score: 1 });
  });
});
