import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PiFeatureConfig } from "../../../src/detectors/prompt-injection/features.js";
import {
  type PiModelFile,
  type PiSource,
  piSources,
} from "../../../src/detectors/prompt-injection/model-file.js";
import { encodeWeights } from "../../../src/detectors/text-features/linear-model.js";
import { createRandom } from "../lib/random.js";
import { type CorpusRow, loadCorpus } from "./corpus.js";
import { buildDataset, type LabelledText } from "./dataset.js";
import { type FittedModel, fitLogistic, type TrainUnit } from "./fit.js";
import { multilingualRows } from "./multilingual/index.js";
import {
  figuresTable,
  type JudgedRow,
  type SetFigures,
  setFigures,
  thresholdForFpr,
} from "./report.js";
import { type FeaturedRow, featureRow, rowUnits, scoreRow } from "./row-units.js";
import { templateOnlySources } from "./sources.js";
import { loadSystemText } from "./system-text.js";

/** Options of one prompt-injection training run. */
export interface TrainPromptInjectionOptions {
  dataRoot: string;
  nodeModules: string;
  /** Where the weights JSON goes. */
  weightsPath: string;
  /** Where the validation JSONL files and the report go. */
  validationDir: string;
  seed: number;
  epochs?: number;
  l2?: number;
  /** Largest false-positive rate allowed per kind of text when choosing its threshold. */
  maxFpr?: number;
  /** Skip leave-one-source-out validation (faster runs while experimenting). */
  skipLoso?: boolean;
  log: (line: string) => void;
}

const features: PiFeatureConfig = { bits: 18, charNgrams: [3, 4, 5] };
const folds = 2;

function generatedRows(rows: readonly LabelledText[], carrier: PiSource): CorpusRow[] {
  return rows.map((row) => ({ ...row, source: "generated", carrier, lang: "en" }));
}

function featureText(text: string): Uint32Array {
  const featured = featureRow(
    { text, label: 0, source: "", kind: "", carrier: "prompt", lang: "en" },
    features,
  );
  const total = featured.sentences.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint32Array(total);
  let at = 0;
  for (const part of featured.sentences) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Train, validate (cross-validation and leave-one-source-out) and write the shipped model. */
export function trainPromptInjection(options: TrainPromptInjectionOptions): PiModelFile {
  const { log, seed } = options;
  const maxFpr = options.maxFpr ?? 0.01;
  const corpus = loadCorpus(options.dataRoot, createRandom(seed));
  const system = loadSystemText(createRandom(seed + 3));
  const carriers: Record<string, string[]> = {
    en: corpus.filter((row) => row.kind === "clean/email").map((row) => row.text),
  };
  for (const row of system) {
    if (row.kind !== "clean/manual" && row.kind !== "clean/messages") continue;
    carriers[row.lang] = [...(carriers[row.lang] ?? []), row.text];
  }
  const multiTrain = multilingualRows(carriers, createRandom(seed + 5), "train");
  const multiValidation = multilingualRows(carriers, createRandom(seed + 6), "validation");
  const generated = buildDataset(
    templateOnlySources(options.dataRoot, options.nodeModules),
    seed,
    6000,
    1200,
  );
  const generatedEval = [
    ...generatedRows(generated.chunks, "document"),
    ...generatedRows(generated.direct, "prompt"),
    ...generatedRows(generated.ordinary, "prompt"),
    ...generatedRows([...generated.formats, ...generated.hijack, ...generated.bare], "document"),
  ];
  const real = [...corpus, ...system, ...multiTrain].map((row) => featureRow(row, features));
  const heldOut = multiValidation.map((row) => featureRow(row, features));
  const generatedFeatured = generatedEval.map((row) => featureRow(row, features));
  const generatedUnits: TrainUnit[] = generated.units.map((row) => ({
    buckets: featureText(row.text),
    label: row.label,
    weight: row.weight ?? 1,
  }));
  log(
    `rows: ${real.length} real (${corpus.length} shared data, ${system.length} system text, ${multiTrain.length} multilingual), ${generatedUnits.length} generated units, ${heldOut.length} held-out multilingual, ${generatedFeatured.length} generated validation`,
  );

  const train = (
    rows: readonly FeaturedRow[],
    withGenerated: boolean,
    salt: number,
  ): FittedModel => {
    const random = createRandom(seed + 100 + salt);
    const fitUnits = (units: TrainUnit[], epochs: number) =>
      fitLogistic(units, {
        bits: features.bits,
        epochs,
        learningRate: 0.3,
        l2: options.l2 ?? 1e-6,
        random,
      });
    const extra = withGenerated ? generatedUnits : [];
    const weightOf = (row: CorpusRow) => row.weight ?? 3;
    const epochs = options.epochs ?? 3;
    const first = fitUnits(
      [...rows.flatMap((row) => rowUnits(row, random, weightOf(row.row), null)), ...extra],
      Math.ceil(epochs / 2),
    );
    return fitUnits(
      [...rows.flatMap((row) => rowUnits(row, random, weightOf(row.row), first)), ...extra],
      epochs,
    );
  };

  // Out-of-fold scores (cross-validation by row) choose the thresholds.
  const fold = (index: number) => (index * 2654435761) % folds;
  const oof = new Map<FeaturedRow, number>();
  for (let k = 0; k < folds; k += 1) {
    const model = train(
      real.filter((_, index) => fold(index) !== k),
      true,
      k,
    );
    for (const [index, row] of real.entries())
      if (fold(index) === k) oof.set(row, scoreRow(model, row));
    for (const [index, row] of [...heldOut, ...generatedFeatured].entries())
      if (index % folds === k) oof.set(row, scoreRow(model, row));
    log(`fold ${k + 1}/${folds} done`);
  }
  const thresholds = {} as Record<PiSource, number>;
  for (const carrier of piSources) {
    const negatives = [...oof].filter(
      ([row]) => row.row.label === 0 && row.row.carrier === carrier,
    );
    thresholds[carrier] = Math.max(
      0.5,
      thresholdForFpr(
        negatives.map(([, score]) => score),
        maxFpr,
      ),
    );
    thresholds[carrier] = Math.ceil(thresholds[carrier] * 1000) / 1000;
  }
  log(`thresholds (FPR ≤ ${maxFpr} out of fold): ${JSON.stringify(thresholds)}`);
  const judged = (rows: readonly FeaturedRow[], score: (row: FeaturedRow) => number): JudgedRow[] =>
    rows.map((row) => ({
      score: score(row),
      label: row.row.label,
      threshold: thresholds[row.row.carrier],
    }));
  const bySource = (rows: readonly FeaturedRow[]) => {
    const groups = new Map<string, FeaturedRow[]>();
    for (const row of rows) {
      const key = `${row.row.source} (${row.row.carrier})`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups].sort(([left], [right]) => left.localeCompare(right));
  };
  const everything = [...real, ...heldOut, ...generatedFeatured];
  const cvTable: [string, SetFigures][] = bySource(everything).map(([name, rows]) => [
    name,
    setFigures(judged(rows, (row) => oof.get(row) ?? 0)),
  ]);
  log(figuresTable(`${folds}-fold cross-validation (out of fold)`, cvTable));

  // Leave one source out: train on the others, measure on it.
  const sources = [...new Set([...real.map((row) => row.row.source), "generated"])].sort();
  const losoTable: [string, SetFigures][] = [];
  const losoScores = new Map<FeaturedRow, number>();
  if (options.skipLoso !== true) {
    for (const [salt, source] of sources.entries()) {
      const model = train(
        real.filter((row) => row.row.source !== source),
        source !== "generated",
        50 + salt,
      );
      const target = everything.filter((row) => row.row.source === source);
      for (const row of target) losoScores.set(row, scoreRow(model, row));
      const figures = setFigures(judged(target, (row) => losoScores.get(row) ?? 0));
      losoTable.push([source, figures]);
      log(`left out ${source}: ${JSON.stringify(figures)}`);
    }
    log(figuresTable("left-out source", losoTable));
  }

  // Per language: a model trained without the held-out third of the multilingual sentences.
  const preFinal = train(real, true, 7);
  const languages = [...new Set(heldOut.map((row) => row.row.lang))];
  const languageTable: [string, SetFigures][] = languages.map((lang) => [
    lang,
    setFigures(
      judged(
        heldOut.filter((row) => row.row.lang === lang),
        (row) => scoreRow(preFinal, row),
      ),
    ),
  ]);
  log(figuresTable("language (held-out third, unseen intents)", languageTable));
  const systemTable: [string, SetFigures][] = languages
    .filter((lang) => lang !== "en")
    .map((lang) => [
      lang,
      setFigures(
        judged(
          real.filter((row) => row.row.source === "system-text" && row.row.lang === lang),
          (row) => oof.get(row) ?? 0,
        ),
      ),
    ]);
  log(figuresTable("language: manuals and program messages (out of fold)", systemTable));

  const final = train([...real, ...heldOut], true, 9);
  const encoded = encodeWeights(final.weights);
  const file: PiModelFile = {
    format: "ragguard-pi-v2",
    id: "builtin-prompt-injection-v2",
    bits: features.bits,
    charNgrams: features.charNgrams,
    bias: final.bias,
    ...encoded,
    thresholds,
    trainedOn: {
      seed,
      rows: real.length + heldOut.length,
      generatedUnits: generatedUnits.length,
      crossValidation: Object.fromEntries(cvTable),
      leaveOneSourceOut: Object.fromEntries(losoTable),
      languages: Object.fromEntries(languageTable),
    },
  };
  writeFileSync(options.weightsPath, `${JSON.stringify(file)}\n`);
  log(`wrote ${options.weightsPath}`);
  mkdirSync(options.validationDir, { recursive: true });
  const report = [
    `# Prompt-injection training report (seed ${seed})`,
    "",
    `Thresholds (FPR ≤ ${maxFpr} on out-of-fold negatives of each kind): ${JSON.stringify(thresholds)}`,
    "",
    figuresTable("left-out source", losoTable),
    "",
    figuresTable(`${folds}-fold cross-validation (out of fold)`, cvTable),
    "",
    figuresTable("language (held-out third, unseen intents)", languageTable),
    "",
    figuresTable("language: manuals and program messages (out of fold)", systemTable),
    "",
  ].join("\n");
  const reportPath = join(options.validationDir, "report.md");
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, report);
  const jsonl = (rows: readonly FeaturedRow[]) =>
    `${rows.map(({ row }) => JSON.stringify({ text: row.text, label: row.label, kind: `${row.source}/${row.kind}`, source: row.carrier })).join("\n")}\n`;
  writeFileSync(join(options.validationDir, "multilingual-heldout.jsonl"), jsonl(heldOut));
  writeFileSync(join(options.validationDir, "generated.jsonl"), jsonl(generatedFeatured));
  log(`wrote ${reportPath}`);
  return file;
}
