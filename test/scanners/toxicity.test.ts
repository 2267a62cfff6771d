import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { silentLogger } from "../../src/common/logger.js";
import type { TextClassifier } from "../../src/detectors/classifier.js";
import { scanPrompt } from "../../src/scan/scan-prompt.js";
import { Toxicity, toxicityOptionsSchema } from "../../src/scanners/toxicity.js";
import { keywordModelSpec, writeTinyModel } from "../helpers/tiny-onnx-model.js";

describe("Toxicity scanner", () => {
  const toxicity = new Toxicity();

  it("is named Toxicity and uses the documented defaults", () => {
    expect(toxicity.name).toBe("Toxicity");
    expect(toxicity.threshold).toBe(toxicityOptionsSchema.parse({}).threshold);
    expect(toxicity.matchType).toBe("full");
  });

  it("flags abuse aimed at the reader and leaves the text unchanged", async () => {
    const text = "Honestly, you are a worthless idiot and everyone knows it.";
    const result = await toxicity.scan(text);
    expect(result.valid).toBe(false);
    expect(result.sanitized).toBe(text);
    expect(result.score).toBeGreaterThanOrEqual(toxicity.threshold);
  });

  it("passes ordinary text with a low score", async () => {
    const result = await toxicity.scan("Thanks for the quick review, the patch looks good to me.");
    expect(result.valid).toBe(true);
    expect(result.score).toBeLessThan(0.2);
  });

  it("scores each sentence with matchType sentence", async () => {
    const text =
      "The quarterly report is attached for your review. I will kill you if you send it late again.";
    const sentence = await new Toxicity({ matchType: "sentence" }).scan(text);
    expect(sentence.valid).toBe(false);
  });

  it("uses a detector passed in", async () => {
    const seen: string[] = [];
    const detector: TextClassifier = {
      id: "fixed",
      predict: (text) => {
        seen.push(text);
        return 0.7;
      },
    };
    const result = await new Toxicity({ detector, threshold: 0.8 }).scan("anything");
    expect(seen).toEqual(["anything"]);
    expect(result).toEqual({ sanitized: "anything", valid: true, score: 0.7 });
  });

  it("rejects bad options with a ConfigError naming the option", () => {
    expect(() => new Toxicity({ threshold: 2 })).toThrow(ConfigError);
    expect(() => new Toxicity({ threshold: 2 })).toThrow(/threshold/);
    expect(() => new Toxicity({ matchType: "chunks" as "full" })).toThrow(/matchType/);
    expect(() => new Toxicity({ detector: {} as TextClassifier })).toThrow(/detector/);
  });

  it("reports under its name in scanPrompt", async () => {
    const [, valid, scores] = await scanPrompt([toxicity], "Go to hell, you moron.", {
      logger: silentLogger,
    });
    expect(valid).toEqual({ Toxicity: false });
    expect(scores.Toxicity).toBeGreaterThan(0.5);
  });

  it("runs a local multi-label transformer model given as model.path", async () => {
    const root = await mkdtemp(join(tmpdir(), "ragguard-toxicity-"));
    try {
      const dir = join(root, "tiny-toxic");
      const spec = keywordModelSpec(
        ["idiot", "stupid"],
        ["you", "are", "kind", "an"],
        ["toxicity", "insult"],
      );
      await writeTinyModel(dir, {
        ...spec,
        weights: [
          [8, 0],
          [0, 8],
        ],
        bias: [-2, -2],
        problemType: "multi_label_classification",
      });
      const scanner = new Toxicity({ model: { path: dir, positiveLabels: ["insult"] } });
      expect(scanner.detector.id).toBe("onnx:tiny-toxic");
      expect((await scanner.scan("stupid idiot")).valid).toBe(false);
      expect((await scanner.scan("you are kind")).valid).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("names the missing model folder and refuses detector and model together", () => {
    expect(() => new Toxicity({ model: { path: "/nonexistent/model" } })).toThrow(/nonexistent/);
    const detector: TextClassifier = { id: "x", predict: () => 0 };
    expect(() => new Toxicity({ detector, model: { path: "/tmp" } })).toThrow(
      /either detector or model/,
    );
  });
});
