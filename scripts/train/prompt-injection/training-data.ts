import { loadPiiResources } from "../../../src/detectors/pii/find-pii.js";
import type { PiFeatureConfig } from "../../../src/detectors/prompt-injection/features.js";
import type { PiSource } from "../../../src/detectors/prompt-injection/model-file.js";
import { createRandom } from "../lib/random.js";
import { agentTaskRows } from "./agent-tasks.js";
import { type CorpusRow, loadCorpus } from "./corpus.js";
import { buildDataset, type LabelledText } from "./dataset.js";
import type { TrainUnit } from "./fit.js";
import { multilingualRows } from "./multilingual/index.js";
import { redactRow, redactShare } from "./redact-rows.js";
import { concat, type FeaturedRow, featureRow } from "./row-units.js";
import { templateOnlySources } from "./sources.js";
import { loadSystemText } from "./system-text.js";

/** Share of rows with personal data that are trained on as Anonymize would pass them on. */
const redactedShare = 0.35;

/** Everything one training run reads, featurised once. */
export interface TrainingData {
  /** Rows of the real sources (and our own), trained on and left out one source at a time. */
  real: FeaturedRow[];
  /** The held-out third of the multilingual sentences (per-language figures). */
  heldOut: FeaturedRow[];
  /** Validation rows of the template generators (source `generated`). */
  generatedRows: FeaturedRow[];
  /** Training units of the template generators (each text one unit). */
  generatedUnits: TrainUnit[];
  summary: string;
}

function generatedRows(rows: readonly LabelledText[], carrier: PiSource): CorpusRow[] {
  return rows.map((row) => ({ ...row, source: "generated", carrier, lang: "en" }));
}

/** Load, generate, redact a share of, and featurise every training and validation row. */
export async function loadTrainingData(
  dataRoot: string,
  nodeModules: string,
  seed: number,
  features: PiFeatureConfig,
): Promise<TrainingData> {
  const pii = await loadPiiResources();
  const redactRandom = createRandom(seed + 17);
  const corpus = loadCorpus(dataRoot, createRandom(seed));
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
  const agentTasks = agentTaskRows(createRandom(seed + 19));
  const generated = buildDataset(templateOnlySources(dataRoot, nodeModules), seed, 6000, 1200);
  const generatedEval = [
    ...generatedRows(generated.chunks, "document"),
    ...generatedRows(generated.direct, "prompt"),
    ...generatedRows(generated.ordinary, "prompt"),
    ...generatedRows([...generated.formats, ...generated.hijack, ...generated.bare], "document"),
  ];
  const realRows = redactShare(
    [...corpus, ...system, ...multiTrain, ...agentTasks],
    redactedShare,
    pii,
    redactRandom,
  );
  const featured = (rows: readonly CorpusRow[]) => rows.map((row) => featureRow(row, features));
  const generatedUnits: TrainUnit[] = generated.units.map((unit) => {
    const row: CorpusRow = {
      text: unit.text,
      label: unit.label,
      source: "",
      kind: "",
      carrier: "prompt",
      lang: "en",
    };
    const text = redactRandom.chance(redactedShare) ? redactRow(row, pii, redactRandom) : row;
    return {
      buckets: concat(featureRow(text, features).sentences),
      label: unit.label,
      weight: unit.weight ?? 1,
    };
  });
  const data = {
    real: featured(realRows),
    heldOut: featured(multiValidation),
    generatedRows: featured(generatedEval),
    generatedUnits,
  };
  return {
    ...data,
    summary: `rows: ${data.real.length} real (${corpus.length} shared data, ${system.length} system text, ${multiTrain.length} multilingual, ${agentTasks.length} agent tasks), ${generatedUnits.length} generated units, ${data.heldOut.length} held-out multilingual, ${data.generatedRows.length} generated validation`,
  };
}
