import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type FeatureConfig, featurize } from "../../src/detectors/text-features/featurize.js";
import {
  encodeWeights,
  type LinearModelFile,
  marginOf,
} from "../../src/detectors/text-features/linear-model.js";
import { createToxicityDetector } from "../../src/detectors/toxicity/detector.js";
import { compileLexicon } from "../../src/detectors/toxicity/lexicon.js";
import { modelText, parseToxicityModel } from "../../src/detectors/toxicity/model.js";
import { foldText, tokenize } from "../../src/detectors/toxicity/normalize.js";
import { type Example, fitPlatt, trainLogistic } from "./lib/logistic.js";
import { createRandom, type Random } from "./lib/random.js";
import { type LabelledText, loadToxicityData } from "./toxicity-data.js";
import { buildLexicon } from "./toxicity-lexicon.js";
import { areaUnderCurve, summarise } from "./toxicity-metrics.js";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** Hashed features of the shipped model: word uni+bigrams and character 3–5-grams. */
export const toxicityFeatures: FeatureConfig = { bits: 18, wordNgrams: [1, 2], charNgrams: [4] };

interface TrainOptions {
  dataDir: string;
  outDir: string;
  seed: number;
  epochs: number;
}

function toExample(row: LabelledText): Example {
  return {
    vector: featurize(modelText(tokenize(foldText(row.text))), toxicityFeatures),
    label: row.label,
    weight: row.weight,
  };
}

/** Every 10th row of each source validates, every 20th (offset) calibrates; the rest trains. */
function splitRows(rows: readonly LabelledText[]): {
  train: LabelledText[];
  calibration: LabelledText[];
  validation: LabelledText[];
} {
  const out = {
    train: [] as LabelledText[],
    calibration: [] as LabelledText[],
    validation: [] as LabelledText[],
  };
  for (const [index, row] of rows.entries()) {
    if (index % 10 === 0) out.validation.push(row);
    else if (index % 20 === 5) out.calibration.push(row);
    else out.train.push(row);
  }
  return out;
}

/** Down-sample the larger class so calibration assumes even odds, not the corpora's mix. */
function balanceClasses(rows: readonly LabelledText[], random: Random): LabelledText[] {
  const positives = rows.filter((row) => row.label === 1);
  const negatives = rows.filter((row) => row.label === 0);
  const size = Math.min(positives.length, negatives.length);
  return [...random.shuffle(positives).slice(0, size), ...random.shuffle(negatives).slice(0, size)];
}

/**
 * Train the toxicity model from the shared data, seeded and reproducible; writes
 * `lexicon.json` and `model.json` into `outDir` and returns the validation figures.
 */
export function trainToxicity(options: TrainOptions): Record<string, unknown> {
  const random = createRandom(options.seed);
  const lexicon = buildLexicon(options.dataDir);
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, "lexicon.json"), `${JSON.stringify(lexicon)}\n`);
  const rows = random.shuffle(
    loadToxicityData(options.dataDir, join(repoRoot, "node_modules"), random),
  );
  const { train, calibration, validation } = splitRows(rows);
  console.log(
    `rows: train ${train.length}, calibration ${calibration.length}, validation ${validation.length}`,
  );
  const dimension = 1 << toxicityFeatures.bits;
  const raw = trainLogistic(train.map(toExample), {
    dimension,
    epochs: options.epochs,
    learningRate: 0.2,
    l2: 1e-6,
    random,
  });
  const balanced = balanceClasses(calibration, random);
  const margins = balanced.map((row) => marginOf(raw, toExample(row).vector));
  const platt = fitPlatt(
    margins,
    balanced.map((row) => row.label),
  );
  const file: LinearModelFile = {
    format: "ragguard-linear-v1",
    id: "builtin-toxicity-v1",
    features: toxicityFeatures,
    bias: raw.bias,
    ...encodeWeights(raw.weights),
    calibration: platt,
    threshold: 0.5,
    trainedOn: { seed: options.seed, epochs: options.epochs, rows: rows.length },
  };
  const detector = createToxicityDetector({
    lexicon: compileLexicon(lexicon),
    model: parseToxicityModel(file),
  });
  const modelOnly = createToxicityDetector({
    lexicon: compileLexicon({ version: 1, terms: {} }),
    model: parseToxicityModel(file),
    rules: false,
  });
  const figures = {
    detector: summarise(validation, (text) => detector.predict(text) as number),
    modelOnlyAuc: areaUnderCurve(
      validation.map((row) => [modelOnly.predict(row.text) as number, row.label]),
    ),
  };
  file.trainedOn = { ...file.trainedOn, validation: figures };
  writeFileSync(join(options.outDir, "model.json"), `${JSON.stringify(file)}\n`);
  return figures;
}

/** `npm run train -- toxicity [--data dir] [--out dir] [--seed n] [--epochs n]`. */
export function runToxicityTraining(argv: readonly string[]): void {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      data: { type: "string", default: join(repoRoot, "..", "shared", "data") },
      out: { type: "string", default: join(repoRoot, "src", "detectors", "toxicity", "weights") },
      seed: { type: "string", default: "20261122" },
      epochs: { type: "string", default: "4" },
    },
  });
  const figures = trainToxicity({
    dataDir: resolve(values.data),
    outDir: resolve(values.out),
    seed: Number(values.seed),
    epochs: Number(values.epochs),
  });
  console.log(JSON.stringify(figures, null, 2));
}
