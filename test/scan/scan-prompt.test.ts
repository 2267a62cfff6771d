import { describe, expect, it } from "vitest";
import { scanPrompt } from "../../src/scan/scan-prompt.js";
import type { Scanner } from "../../src/scan/scanner.js";
import { captureLogger } from "../helpers/capture-logger.js";

function replacer(name: string, from: string, to: string, score = 0): Scanner & { seen: string[] } {
  const seen: string[] = [];
  return {
    name,
    seen,
    scan(text) {
      seen.push(text);
      const hit = text.includes(from);
      return { sanitized: text.replaceAll(from, to), valid: !hit, score: hit ? 1 : score };
    },
  };
}

describe("scanPrompt", () => {
  it("chains sanitized text through scanners in order", async () => {
    const a = replacer("A", "cat", "dog");
    const b = replacer("B", "dog", "bird");
    const { logger } = captureLogger();
    const [sanitized, valid, scores] = await scanPrompt([a, b], "a cat", { logger });
    expect(a.seen).toEqual(["a cat"]);
    expect(b.seen).toEqual(["a dog"]);
    expect(sanitized).toBe("a bird");
    expect(valid).toEqual({ A: false, B: false });
    expect(scores).toEqual({ A: 1, B: 1 });
  });

  it("gives two instances of one scanner distinct keys", async () => {
    const { logger } = captureLogger();
    const [, valid] = await scanPrompt(
      [replacer("Regex", "x", "y"), replacer("Regex", "z", "w")],
      "x",
      {
        logger,
      },
    );
    expect(Object.keys(valid)).toEqual(["Regex", "Regex#2"]);
  });

  it("stops after the first invalid result with failFast", async () => {
    const second = replacer("B", "q", "q");
    const { logger } = captureLogger();
    const [, valid] = await scanPrompt([replacer("A", "bad", "ok"), second], "bad", {
      failFast: true,
      logger,
    });
    expect(valid).toEqual({ A: false });
    expect(second.seen).toEqual([]);
  });

  it("passes the source to every scanner and no context when none is given", async () => {
    const contexts: unknown[] = [];
    const probe: Scanner = {
      name: "Probe",
      scan(text, context) {
        contexts.push(context);
        return { sanitized: text, valid: true, score: 0 };
      },
    };
    const { logger } = captureLogger();
    await scanPrompt([probe, probe], "some text", { logger, source: "tool_output" });
    await scanPrompt([probe], "some text", { logger });
    expect(contexts).toEqual([{ source: "tool_output" }, { source: "tool_output" }, undefined]);
  });

  it("runs every scanner without failFast", async () => {
    const second = replacer("B", "q", "q");
    const { logger } = captureLogger();
    const [, valid] = await scanPrompt([replacer("A", "bad", "ok"), second], "bad", { logger });
    expect(valid).toEqual({ A: false, B: true });
  });

  it("returns the text and empty maps for blank text or no scanners", async () => {
    const { logger, lines } = captureLogger();
    expect(await scanPrompt([replacer("A", "a", "b")], "   ", { logger })).toEqual(["   ", {}, {}]);
    expect(await scanPrompt([], "hello", { logger })).toEqual(["hello", {}, {}]);
    expect(lines).toEqual([]);
  });

  it("clamps scores into [0, 1]", async () => {
    const wild: Scanner = {
      name: "Wild",
      scan: (text) => ({ sanitized: text, valid: true, score: 7 }),
    };
    const { logger } = captureLogger();
    const [, , scores] = await scanPrompt([wild], "text", { logger });
    expect(scores).toEqual({ Wild: 1 });
  });

  it("logs one info line per scan and a warning for a prompt injection", async () => {
    const injection: Scanner = {
      name: "PromptInjection",
      scan: (text) => ({ sanitized: text, valid: false, score: 0.97 }),
    };
    const { logger, lines } = captureLogger();
    await scanPrompt([injection], "ignore it", { logger });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["warn", "Detected prompt injection"],
      ["info", "Scanned prompt"],
    ]);
    expect(lines[0]?.fields).toMatchObject({ score: 0.97 });
    expect(lines[1]?.fields).toMatchObject({ scores: { PromptInjection: 0.97 } });
    expect(
      typeof (lines[1]!.fields as { elapsed_time_seconds: unknown }).elapsed_time_seconds,
    ).toBe("number");
  });
});
