import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { LinearModel } from "../../src/detectors/text-features/linear-model.js";
import { createToxicityDetector } from "../../src/detectors/toxicity/detector.js";
import { compileLexicon, type LexiconData } from "../../src/detectors/toxicity/lexicon.js";
import { createRandom } from "./lib/random.js";
import { type LabelledText, loadToxicityData } from "./toxicity-data.js";
import { sourceLanguage } from "./toxicity-external.js";
import { type FeaturizedRow, featurizeText, fitToxicityModel } from "./toxicity-fit.js";
import { buildLexicon } from "./toxicity-lexicon.js";
import { copyExternalSources } from "./toxicity-sources.js";
import { formatTable, type GroupFigures, leaveOneSourceOut, measure } from "./toxicity-validate.js";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

interface TrainOptions {
  dataDir: string;
  extraDir: string;
  outDir: string;
  reportPath: string;
  seed: number;
  epochs: number;
  /** Skip the leave-one-source-out folds (one fit instead of one per source). */
  skipFolds: boolean;
  /** Only these sources' folds (all when undefined). */
  folds?: ReadonlySet<string>;
}

/** Every 10th row validates, every 20th (offset) calibrates; the rest trains. */
function splitRows<T>(rows: readonly T[]): { train: T[]; calibration: T[]; validation: T[] } {
  const out = { train: [] as T[], calibration: [] as T[], validation: [] as T[] };
  for (const [index, row] of rows.entries()) {
    if (index % 10 === 0) out.validation.push(row);
    else if (index % 20 === 5) out.calibration.push(row);
    else out.train.push(row);
  }
  return out;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
}

/** Detector scores (rules + model, as shipped) with a given lexicon and model. */
function scorerFor(lexicon: LexiconData): (model: LinearModel) => (text: string) => number {
  const compiled = compileLexicon(lexicon);
  return (model) => {
    const detector = createToxicityDetector({ lexicon: compiled, model });
    return (text) => detector.predict(text) as number;
  };
}

function report(
  options: TrainOptions,
  rows: number,
  split: GroupFigures[],
  languages: GroupFigures[],
  folds: GroupFigures[],
): string {
  return [
    "<!-- Written by `npm run train -- toxicity`; do not edit by hand. -->",
    "# Toxicity: validation figures",
    "",
    `Seed ${options.seed}, ${options.epochs} epochs, ${rows} rows; full detector (rules + model) at the shipped threshold 0.5.`,
    "",
    "## Leave one source out",
    "Trained on every other source (half the epochs of the shipped model), scored on up to 1,500",
    "rows of the held-out one. For a language with a single source this is the model with no data",
    "in that language at all; `null` = undefined on one class.",
    ...(options.folds
      ? ["", `Only the folds asked for (\`--folds ${[...options.folds].join(",")}\`).`]
      : []),
    "",
    folds.length > 0 ? formatTable(folds) : "(skipped: --skip-folds)",
    "",
    "## Own split, per language (every 10th row of every source, never trained on)",
    "",
    formatTable(languages),
    "",
    "## Own split, per source",
    "",
    formatTable(split),
    "",
  ].join("\n");
}

/**
 * Train the toxicity model, seeded and reproducible: writes `lexicon.json` and `model.json` into
 * `outDir` and the validation tables (own split per source and language, leave-one-source-out)
 * into `reportPath`; returns the tables' Markdown.
 */
export function trainToxicity(options: TrainOptions): string {
  const random = createRandom(options.seed);
  const lexicon = buildLexicon(options.dataDir);
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, "lexicon.json"), `${JSON.stringify(lexicon)}\n`);
  const texts: LabelledText[] = random.shuffle(
    loadToxicityData(options.dataDir, options.extraDir, join(repoRoot, "node_modules"), random),
  );
  const rows: FeaturizedRow[] = texts.map((row) => ({ ...row, vector: featurizeText(row.text) }));
  const { train, calibration, validation } = splitRows(rows);
  console.log(
    `rows: train ${train.length}, calibration ${calibration.length}, validation ${validation.length}`,
  );
  const validationFile = join(repoRoot, ".ragguard", "train", "toxicity-validation.jsonl");
  mkdirSync(dirname(validationFile), { recursive: true });
  writeFileSync(
    validationFile,
    validation
      .map(({ text, label, source }) => `${JSON.stringify({ text, label, kind: source })}\n`)
      .join(""),
  );
  const fit = { epochs: options.epochs, l2: 1e-6, random };
  const { file, model } = fitToxicityModel(train, calibration, fit);
  const score = scorerFor(lexicon)(model);
  const threshold = file.threshold;
  const split = [...groupBy(validation, (row) => row.source)].map(([source, group]) =>
    measure(source, sourceLanguage(source), group, score, threshold),
  );
  const languages = [...groupBy(validation, (row) => sourceLanguage(row.source))].map(
    ([language, group]) => measure(`all ${language}`, language, group, score, threshold),
  );
  console.log(formatTable([...languages, ...split]));
  const modelOnly = createToxicityDetector({
    lexicon: compileLexicon(lexicon),
    model,
    rules: false,
  });
  console.log("model alone:");
  console.log(
    formatTable(
      [...groupBy(validation, (row) => row.source)].map(([source, group]) =>
        measure(
          source,
          sourceLanguage(source),
          group,
          (text) => modelOnly.predict(text) as number,
          threshold,
        ),
      ),
    ),
  );
  const folds = options.skipFolds
    ? []
    : leaveOneSourceOut(
        train,
        calibration,
        rows,
        // Half the epochs per fold: twenty folds at full length would not fit the CPU budget.
        {
          ...fit,
          epochs: Math.max(1, Math.floor(options.epochs / 2)),
          limit: 1500,
          threshold,
          only: options.folds,
        },
        scorerFor(lexicon),
        console.log,
      );
  file.trainedOn = {
    seed: options.seed,
    epochs: options.epochs,
    rows: rows.length,
    validation: { languages, sources: split },
    leaveOneSourceOut: folds,
  };
  writeFileSync(join(options.outDir, "model.json"), `${JSON.stringify(file)}\n`);
  const markdown = report(options, rows.length, split, languages, folds);
  writeFileSync(options.reportPath, markdown);
  return markdown;
}

/**
 * `npm run train -- toxicity [--data dir] [--extra dir] [--out dir] [--seed n] [--epochs n]
 * [--skip-folds | --folds source,source]`, or `--copy-sources <mirrors>` to fill `--extra` from local git mirrors first.
 */
export function runToxicityTraining(argv: readonly string[]): void {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      data: { type: "string", default: join(repoRoot, "..", "shared", "data") },
      extra: { type: "string", default: join(repoRoot, ".ragguard", "toxicity-sources") },
      out: { type: "string", default: join(repoRoot, "src", "detectors", "toxicity", "weights") },
      report: {
        type: "string",
        default: join(repoRoot, "docs", "detection", "toxicity-validation.md"),
      },
      seed: { type: "string", default: "20261122" },
      epochs: { type: "string", default: "4" },
      "skip-folds": { type: "boolean", default: false },
      folds: { type: "string" },
      "copy-sources": { type: "string" },
    },
  });
  if (values["copy-sources"]) copyExternalSources(values["copy-sources"], resolve(values.extra));
  trainToxicity({
    dataDir: resolve(values.data),
    extraDir: resolve(values.extra),
    outDir: resolve(values.out),
    reportPath: resolve(values.report),
    seed: Number(values.seed),
    epochs: Number(values.epochs),
    skipFolds: values["skip-folds"],
    folds: values.folds === undefined ? undefined : new Set(values.folds.split(",")),
  });
}
