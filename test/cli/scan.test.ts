import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ragguard-scan-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ragguard scan", () => {
  it("prints the JSON verdict and exits 1 when a scanner finds the text invalid", async () => {
    const result = await runCli("ragguard", [
      "scan",
      "--json",
      "My name is John Smith, write to john@acme.io",
    ]);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["sanitized_prompt", "is_valid", "scanners", "valid"]);
    expect(body.sanitized_prompt).toBe(
      "My name is [REDACTED_PERSON_1], write to [REDACTED_EMAIL_ADDRESS_1]",
    );
    expect(body.is_valid).toBe(false);
    expect(Object.keys(body.scanners as object)).toEqual([
      "Anonymize",
      "Toxicity",
      "PromptInjection",
    ]);
    expect(body.valid).toEqual({ Anonymize: false, Toxicity: true, PromptInjection: true });
    expect((body.scanners as Record<string, number>).Anonymize).toBe(1);
  });

  it("reads stdin, exits 0 on a valid text and keeps logs off stdout", async () => {
    const result = await runCli("ragguard", ["scan", "--scanners", "InvisibleText,Secrets"], {
      input: "Could you summarise the attached release notes for the team?",
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^VALID\n/);
    expect(result.stdout).toContain("InvisibleText");
    expect(result.stdout).toContain("Could you summarise the attached release notes for the team?");
  });

  it("stops at the first invalid scanner with --fail-fast", async () => {
    const result = await runCli("ragguard", [
      "scan",
      "--json",
      "--fail-fast",
      "--scanners",
      "InvisibleText,Secrets",
      "hidden\u200Bword",
    ]);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout) as {
      valid: Record<string, boolean>;
      sanitized_prompt: string;
    };
    expect(body.valid).toEqual({ InvisibleText: false });
    expect(body.sanitized_prompt).toBe("hiddenword");
  });

  it("takes input_scanners from a YAML config with snake_case params and env interpolation", async () => {
    const path = join(dir, "scanners.yaml");
    await writeFile(
      path,
      [
        "input_scanners:",
        "  - type: Regex",
        "    params:",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: YAML env interpolation syntax
        '      patterns: ["${TICKET_PATTERN:TICKET-\\\\d+}"]',
        "      match_type: search",
        "  - type: Secrets",
        "    params: { redact_mode: partial }",
        "",
      ].join("\n"),
    );
    const result = await runCli("ragguard", [
      "scan",
      "--json",
      "--config",
      path,
      "see TICKET-42 and TICKET-43",
    ]);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout) as {
      sanitized_prompt: string;
      scanners: Record<string, number>;
    };
    expect(body.sanitized_prompt).toBe("see [REDACTED] and TICKET-43");
    expect(body.scanners).toEqual({ Regex: 1, Secrets: 0 });
  });

  it.each([
    {
      args: ["scan", "--scanners", "Anonymize,NoSuchScanner", "hello"],
      message: /unknown scanner type "NoSuchScanner" \(known: Regex, Anonymize/,
    },
    { args: ["scan"], message: /no text to scan/ },
    {
      args: ["scan", "--scanners", "Secrets", "--config", "x.yaml", "hi"],
      message: /either --scanners or --config/,
    },
    { args: ["scan", "--config", "no-such-dir/nope.yaml", "hi"], message: /nope\.yaml/ },
  ])("exits 2 with a message: $args", async ({ args, message }) => {
    const result = await runCli("ragguard", args, { input: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
