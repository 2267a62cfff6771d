import { describe, expect, it } from "vitest";
import { geminiProvider } from "../../../src/gateway/providers/gemini/index.js";
import { openaiProvider } from "../../../src/gateway/providers/openai/index.js";
import { loadProviderAdapters } from "../../../src/gateway/providers/registry.js";

describe("loadProviderAdapters", () => {
  it("loads the adapters of the providers named, each once, and no others", async () => {
    const adapters = await loadProviderAdapters(["gemini", "openai", "gemini"]);
    expect(Object.keys(adapters).sort()).toEqual(["gemini", "openai"]);
    expect(adapters.gemini).toBe(geminiProvider);
    expect(adapters.openai).toBe(openaiProvider);
  });

  it("loads nothing for a config without models", async () => {
    expect(await loadProviderAdapters([])).toEqual({});
  });
});
