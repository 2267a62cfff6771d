import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPromptInjectionDetector } from "../../../src/detectors/prompt-injection/detector.js";
import { type FeatureConfig, featurize } from "../../../src/detectors/text-features/featurize.js";
import {
  encodeWeights,
  type LinearModelFile,
  loadLinearModel,
  marginOf,
} from "../../../src/detectors/text-features/linear-model.js";
import { binaryMetrics, type ScoredLabel } from "../../../src/eval/metrics.js";
import { fitPlatt, trainLogistic } from "../lib/logistic.js";
import { createRandom } from "../lib/random.js";
import { buildDataset, type LabelledText } from "./dataset.js";
import { loadSources } from "./sources.js";

/** Options of one prompt-injection training run. */
export interface TrainPromptInjectionOptions {
  dataRoot: string;
  nodeModules: string;
  /** Where the weights JSON goes. */
  weightsPath: string;
  /** Where the validation JSONL files go (for `ragguard eval`). */
  validationDir: string;
  seed: number;
  log: (line: string) => void;
}

const features: FeatureConfig = { bits: 18, wordNgrams: [1, 2], charNgrams: [4] };

/** Lowest threshold whose false-positive rate on `negatives` stays at or below `maxFpr`. */
function thresholdForFpr(negatives: readonly number[], maxFpr: number): number {
  const sorted = [...negatives].sort((left, right) => right - left);
  const allowed = Math.floor(sorted.length * maxFpr);
  return Math.min(0.99, (sorted[allowed] ?? 0) + 1e-4);
}

function writeJsonl(path: string, rows: readonly LabelledText[]): void {
  writeFileSync(
    path,
    `${rows.map((row) => JSON.stringify({ text: row.text, label: row.label, kind: row.kind })).join("\n")}\n`,
  );
}

function format(label: string, rows: ScoredLabel[], threshold: number): string {
  const m = binaryMetrics(rows, threshold);
  return `${label}: n=${m.n} recall=${m.recall.toFixed(3)} fpr=${m.fpr.toFixed(3)} precision=${m.precision.toFixed(3)} auc=${m.auc?.toFixed(4)}`;
}

/** Train, calibrate and validate the built-in prompt-injection model, then write its weights. */
export function trainPromptInjection(options: TrainPromptInjectionOptions): LinearModelFile {
  const { log } = options;
  const sources = loadSources(options.dataRoot, options.nodeModules);
  const data = buildDataset(sources, options.seed);
  log(
    `units: ${data.units.length} train, ${data.validationUnits.length} validation; chunks ${data.chunks.length}; direct ${data.direct.length}`,
  );
  const examples = data.units.map((row) => ({
    vector: featurize(row.text, features),
    label: row.label,
    weight: row.weight ?? 1,
  }));
  const trained = trainLogistic(examples, {
    dimension: 1 << features.bits,
    epochs: 6,
    learningRate: 0.2,
    l2: 1e-6,
    random: createRandom(options.seed + 1),
  });
  const margins = data.validationUnits.map((row) =>
    marginOf(trained, featurize(row.text, features)),
  );
  const calibration = fitPlatt(
    margins,
    data.validationUnits.map((row) => row.label),
  );
  const encoded = encodeWeights(trained.weights);
  const draft: LinearModelFile = {
    format: "ragguard-linear-v1",
    id: "builtin-prompt-injection-v1",
    features,
    bias: trained.bias,
    ...encoded,
    calibration,
    threshold: 0.5,
  };
  const detector = createPromptInjectionDetector({ model: loadLinearModel(draft) });
  const score = (rows: readonly LabelledText[]) =>
    rows.map((row) => ({ score: detector.predict(row.text), label: row.label }));
  const chunkScores = score(data.chunks);
  const directScores = score(data.direct);
  const negatives = [...chunkScores, ...directScores]
    .filter((row) => row.label === 0)
    .map((row) => row.score);
  const threshold = Math.max(0.5, thresholdForFpr(negatives, 0.01));
  log(format("validation chunks", chunkScores, threshold));
  log(format("validation direct prompts", directScores, threshold));
  mkdirSync(options.validationDir, { recursive: true });
  writeJsonl(join(options.validationDir, "chunks.jsonl"), data.chunks);
  writeJsonl(join(options.validationDir, "direct.jsonl"), data.direct);
  const file: LinearModelFile = {
    ...draft,
    threshold: Math.round(threshold * 1000) / 1000,
    trainedOn: {
      seed: options.seed,
      units: data.units.length,
      validation: {
        chunks: binaryMetrics(chunkScores, threshold),
        direct: binaryMetrics(directScores, threshold),
      },
    },
  };
  writeFileSync(options.weightsPath, `${JSON.stringify(file)}\n`);
  log(`wrote ${options.weightsPath}`);
  return file;
}
