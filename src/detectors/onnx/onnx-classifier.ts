import { basename, dirname } from "node:path";
import { z } from "zod";
import { AppError, ConfigError } from "../../common/errors.js";
import type { TextClassifier } from "../classifier.js";
import { positiveProbability } from "./activation.js";
import { inspectModelFolder, positiveLabelIndexes } from "./model-folder.js";

/** Options of the optional transformer backend; `path` is a local model folder. */
export const onnxModelOptionsSchema = z.strictObject({
  path: z.string().min(1),
  /** Labels that mean "detected"; default: every label that is not a negative one (SAFE, LABEL_0...). */
  positiveLabels: z.array(z.string()).optional(),
  /** Token limit per text (longer texts are truncated by the tokenizer). */
  maxLength: z.number().int().positive().default(512),
  /** Texts per forward pass in `predictBatch`. */
  batchSize: z.number().int().positive().default(16),
});

export type OnnxModelOptions = z.input<typeof onnxModelOptionsSchema>;

type Transformers = typeof import("@huggingface/transformers");
interface LoadedModel {
  tokenizer: Awaited<ReturnType<Transformers["AutoTokenizer"]["from_pretrained"]>>;
  model: Awaited<ReturnType<Transformers["AutoModelForSequenceClassification"]["from_pretrained"]>>;
}

async function importTransformers(): Promise<Transformers> {
  try {
    return await import("@huggingface/transformers");
  } catch (error) {
    throw new AppError(
      "The transformer backend needs the optional package @huggingface/transformers: run `npm install @huggingface/transformers@^4` (put `onnxruntime-node-install=skip` in .npmrc on machines without internet)",
      { code: "missing_dependency", expose: true, cause: error },
    );
  }
}

async function loadModel(dir: string): Promise<LoadedModel> {
  const transformers = await importTransformers();
  const { env } = transformers;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${dirname(dir)}/`;
  const name = basename(dir);
  const tokenizer = await transformers.AutoTokenizer.from_pretrained(name);
  const model = await transformers.AutoModelForSequenceClassification.from_pretrained(name, {
    dtype: "fp32",
  });
  return { tokenizer, model };
}

/**
 * A {@link TextClassifier} over a local ONNX model folder (`config.json`, `tokenizer.json`,
 * `onnx/model.onnx`), run with `@huggingface/transformers` — an optional peer dependency that is
 * imported only when the first text is scored. Nothing is ever downloaded.
 *
 * @example
 * const detector = createOnnxClassifier({ path: "./models/deberta-v3-base-prompt-injection-v2" });
 * const scanner = new PromptInjection({ detector });
 */
export function createOnnxClassifier(options: OnnxModelOptions): TextClassifier {
  const parsed = onnxModelOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid model options: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
    );
  }
  const { path, positiveLabels, maxLength, batchSize } = parsed.data;
  const folder = inspectModelFolder(path);
  const indexes = positiveLabelIndexes(folder.labels, positiveLabels);
  let loading: Promise<LoadedModel> | undefined;
  const ready = (): Promise<LoadedModel> => {
    loading ??= loadModel(folder.dir);
    return loading;
  };

  async function forward(texts: readonly string[]): Promise<number[]> {
    const { tokenizer, model } = await ready();
    const inputs = tokenizer([...texts], {
      padding: true,
      truncation: true,
      max_length: maxLength,
    });
    const { logits } = (await model(inputs)) as { logits: { dims: number[]; data: Float32Array } };
    const classes = logits.dims[1] ?? folder.labels.length;
    return texts.map((_, row) =>
      positiveProbability(
        Array.from(logits.data.subarray(row * classes, (row + 1) * classes)),
        indexes,
        folder.multiLabel,
      ),
    );
  }

  return {
    id: `onnx:${basename(folder.dir)}`,
    async predict(text) {
      const [score] = await forward([text]);
      return score ?? 0;
    },
    async predictBatch(texts) {
      const scores: number[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        scores.push(...(await forward(texts.slice(start, start + batchSize))));
      }
      return scores;
    },
  };
}
