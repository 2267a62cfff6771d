import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../../common/errors.js";

const modelConfigSchema = z.looseObject({
  id2label: z.record(z.string(), z.string()),
  problem_type: z.string().optional(),
});

/** What we need to know about a local transformer model folder before loading it. */
export interface ModelFolder {
  /** Absolute path of the folder. */
  dir: string;
  /** Labels by class index, from `config.json` `id2label`. */
  labels: string[];
  /** `multi_label_classification` models use a sigmoid per label, others a softmax. */
  multiLabel: boolean;
}

const requiredFiles = ["config.json", "tokenizer.json", join("onnx", "model.onnx")];

/**
 * Check a local model folder (`config.json` with `id2label`, `tokenizer.json`,
 * `onnx/model.onnx`) and read its labels. Throws a {@link ConfigError} naming the missing file.
 */
export function inspectModelFolder(path: string): ModelFolder {
  const dir = resolve(path);
  if (!existsSync(dir)) throw new ConfigError(`model.path: folder ${dir} does not exist`);
  for (const file of requiredFiles) {
    if (!existsSync(join(dir, file))) {
      throw new ConfigError(
        `model.path: ${join(dir, file)} is missing (a model folder needs ${requiredFiles.join(", ")})`,
      );
    }
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, "config.json"), "utf8"));
  } catch (error) {
    throw new ConfigError(`model.path: ${join(dir, "config.json")} is not valid JSON`, {
      cause: error,
    });
  }
  const parsed = modelConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      `model.path: ${join(dir, "config.json")} has no id2label map of class labels`,
    );
  }
  const entries = Object.entries(parsed.data.id2label).sort(([a], [b]) => Number(a) - Number(b));
  return {
    dir,
    labels: entries.map(([, label]) => label),
    multiLabel: parsed.data.problem_type === "multi_label_classification",
  };
}

const negativeLabel =
  /^(safe|benign|legit|neutral|none|non[-_ ]?toxic|not[-_ ]?\w+|negative|label_0|0|ok|clean)$/i;

/**
 * Which labels count as "detected": the given list, or every label that does not look like the
 * negative class (`SAFE`, `LABEL_0`, `non-toxic`, ...).
 */
export function positiveLabelIndexes(
  labels: readonly string[],
  positive?: readonly string[],
): number[] {
  const indexes = labels
    .map((label, index) => ({ label, index }))
    .filter(({ label }) => (positive ? positive.includes(label) : !negativeLabel.test(label)))
    .map(({ index }) => index);
  if (indexes.length === 0) {
    throw new ConfigError(
      `model.positiveLabels: none of the model's labels (${labels.join(", ")}) is a positive class`,
    );
  }
  return indexes;
}
