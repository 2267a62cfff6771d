import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PiFeatureConfig } from "../../../src/detectors/prompt-injection/features.js";
import type { PiModelFile } from "../../../src/detectors/prompt-injection/model-file.js";
import { encodeWeights } from "../../../src/detectors/text-features/linear-model.js";
import { createRandom } from "../lib/random.js";
import type { CorpusRow } from "./corpus.js";
import { type FittedModel, fitLogistic, type TrainUnit } from "./fit.js";
import { type FeaturedRow, rowUnits, scoreRow } from "./row-units.js";
import { loadTrainingData } from "./training-data.js";
import {
  chooseThresholds,
  crossValidate,
  leaveOneSourceOut,
  type Trainer,
  tableBy,
} from "./validation.js";

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
  /**
   * Skip leave-one-source-out validation (faster runs while experimenting): the thresholds and
   * figures then come from 2-fold cross-validation, which is overconfident.
   */
  skipLoso?: boolean;
  /** Character n-gram orders (default 3 and 4). */
  charNgrams?: number[];
  log: (line: string) => void;
}

/**
 * Train, validate (leave one source out, or cross-validation with `skipLoso`), choose the
 * operating points from the held-out scores, and write the shipped model and a report.
 */
export async function trainPromptInjection(
  options: TrainPromptInjectionOptions,
): Promise<PiModelFile> {
  const { log, seed } = options;
  const maxFpr = options.maxFpr ?? 0.015;
  const features: PiFeatureConfig = { bits: 18, charNgrams: options.charNgrams ?? [3, 4] };
  const data = await loadTrainingData(options.dataRoot, options.nodeModules, seed, features);
  const { real, heldOut, generatedRows, generatedUnits } = data;
  log(data.summary);

  const train: Trainer = (rows, withGenerated, salt): FittedModel => {
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

  // The operating points come from scores of sources the model never saw: out-of-fold scores
  // are overconfident (a source's own clean rows teach the model that source's quirks).
  const everything = [...real, ...heldOut, ...generatedRows];
  const bySource = options.skipLoso !== true;
  const held = bySource
    ? leaveOneSourceOut(train, real, everything, log)
    : crossValidate(train, real, [...heldOut, ...generatedRows], log);
  const heldName = bySource ? "out of source" : "out of fold";
  const thresholds = chooseThresholds(held, maxFpr);
  log(`thresholds (FPR ≤ ${maxFpr} ${heldName}): ${JSON.stringify(thresholds)}`);
  const heldScore = (row: FeaturedRow) => held.get(row) ?? 0;
  const main = tableBy(
    bySource ? "left-out source (kind of text)" : "2-fold cross-validation (kind of text)",
    everything,
    (row) => `${row.row.source} (${row.row.carrier})`,
    heldScore,
    thresholds,
  );
  log(main.table);

  // Per language: a model trained without the held-out third of the multilingual sentences.
  const preFinal = train(real, true, 7);
  const language = tableBy(
    "language (held-out third, unseen intents)",
    heldOut,
    (row) => row.row.lang,
    (row) => scoreRow(preFinal, row),
    thresholds,
  );
  log(language.table);
  const manuals = tableBy(
    `language: manuals and program messages (${heldName})`,
    real.filter((row) => row.row.source === "system-text" && row.row.lang !== "en"),
    (row) => row.row.lang,
    heldScore,
    thresholds,
  );
  log(manuals.table);

  const final = train([...real, ...heldOut], true, 9);
  const file: PiModelFile = {
    format: "ragguard-pi-v2",
    id: "builtin-prompt-injection-v3",
    bits: features.bits,
    charNgrams: features.charNgrams,
    bias: final.bias,
    ...encodeWeights(final.weights),
    thresholds,
    trainedOn: {
      seed,
      rows: real.length + heldOut.length,
      generatedUnits: generatedUnits.length,
      thresholdsFrom: heldName,
      [bySource ? "leaveOneSourceOut" : "crossValidation"]: Object.fromEntries(main.figures),
      languages: Object.fromEntries(language.figures),
    },
  };
  writeFileSync(options.weightsPath, `${JSON.stringify(file)}\n`);
  log(`wrote ${options.weightsPath}`);
  writeValidation(options.validationDir, everything, held, heldOut, generatedRows, [
    `# Prompt-injection training report (seed ${seed})`,
    "",
    `Thresholds (FPR ≤ ${maxFpr} on the clean rows of each kind, scored ${heldName}): ${JSON.stringify(thresholds)}`,
    "",
    main.table,
    "",
    language.table,
    "",
    manuals.table,
    "",
  ]);
  log(`wrote ${join(options.validationDir, "report.md")}`);
  return file;
}

/** The report, the validation rows (for `ragguard eval`) and every row's held-out score. */
function writeValidation(
  dir: string,
  everything: readonly FeaturedRow[],
  held: ReadonlyMap<FeaturedRow, number>,
  heldOut: readonly FeaturedRow[],
  generatedRows: readonly FeaturedRow[],
  report: readonly string[],
): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "report.md"), report.join("\n"));
  const jsonl = (lines: readonly unknown[]) =>
    `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
  const evalRows = (rows: readonly FeaturedRow[]) =>
    jsonl(
      rows.map(({ row }) => ({
        text: row.text,
        label: row.label,
        kind: `${row.source}/${row.kind}`,
        source: row.carrier,
      })),
    );
  writeFileSync(join(dir, "multilingual-heldout.jsonl"), evalRows(heldOut));
  writeFileSync(join(dir, "generated.jsonl"), evalRows(generatedRows));
  writeFileSync(
    join(dir, "held-out-scores.jsonl"),
    jsonl(
      everything.map((featured) => ({
        source: featured.row.source,
        kind: featured.row.kind,
        carrier: featured.row.carrier,
        lang: featured.row.lang,
        label: featured.row.label,
        score: held.get(featured) ?? null,
      })),
    ),
  );
}
