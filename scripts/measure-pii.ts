/**
 * Measure per-type recall and precision of the PII recognizers on Presidio's generated sentences
 * (`../shared/data/pii/presidio/`, MIT), or on ragguard's own labelled set
 * (`scripts/pii-set/ragguard-pii-set.txt`, `{{TYPE|value}}` markup, any `.txt` file in that form):
 * `npx tsx scripts/measure-pii.ts [file] [threshold] [all|tune|holdout]`.
 * The split is by template (`template_id % 4 === 3` is held out, about a quarter): tune the
 * recognizers on `tune` (VERBOSE=<TYPE> lists its misses), and report `holdout`, whose sentences
 * and templates are never printed.
 * A prediction counts as a true positive when it overlaps a gold span of the same type; gold
 * PERSON spans that are only a title ("Mr.") are not counted, since titles are kept visible.
 * The data is only read here; nothing from it is copied into the recognizers.
 */
import { readFileSync } from "node:fs";
import { type PiiEntityType, piiEntityTypes } from "../src/detectors/pii/entity-types.js";
import { findPii, loadPiiResources } from "../src/detectors/pii/find-pii.js";

interface Sample {
  full_text: string;
  template_id?: number;
  spans: {
    entity_type: string;
    entity_value: string;
    start_position: number;
    end_position: number;
  }[];
}

const file = process.argv[2] ?? "../shared/data/pii/presidio/generated_large.json";
const threshold = Number(process.argv[3] ?? 0.5);
const split = process.argv[4] ?? "all";
if (!["all", "tune", "holdout"].includes(split)) throw new Error(`unknown split ${split}`);
const goldAlias: Record<string, PiiEntityType> = {
  IBAN: "IBAN_CODE",
  SSN: "US_SSN",
  IP: "IP_ADDRESS",
  DOMAIN_NAME: "URL",
};
const titleOnly = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir)\.?$/i;
const inHoldout = (sample: Sample) => (sample.template_id ?? 0) % 4 === 3;
/** Samples of a `.txt` set: separated by `---` lines, spans marked `{{TYPE|value}}`, `#` comments. */
function readMarkedSamples(path: string): Sample[] {
  const body = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .join("\n");
  return body.split(/^---$/m).map((raw, index) => {
    const marked = raw.replace(/^\n+|\n+$/g, "");
    const spans: Sample["spans"] = [];
    let full = "";
    let last = 0;
    for (const match of marked.matchAll(/\{\{([A-Z_]+)\|([^}]+)\}\}/g)) {
      full += marked.slice(last, match.index);
      const value = match[2]!;
      spans.push({
        entity_type: match[1]!,
        entity_value: value,
        start_position: full.length,
        end_position: full.length + value.length,
      });
      full += value;
      last = match.index + match[0].length;
    }
    return { full_text: full + marked.slice(last), template_id: index, spans };
  });
}

const loaded = file.endsWith(".txt")
  ? readMarkedSamples(file)
  : (JSON.parse(readFileSync(file, "utf8")) as Sample[]);
const samples = loaded.filter(
  (sample) => split === "all" || (split === "holdout") === inHoldout(sample),
);
const resources = await loadPiiResources();
const stats = new Map<string, { tp: number; fn: number; fp: number }>();
const stat = (type: string) => {
  const entry = stats.get(type) ?? { tp: 0, fn: 0, fp: 0 };
  stats.set(type, entry);
  return entry;
};
// The held-out part is only counted, never printed.
const verbose = split === "holdout" ? undefined : process.env.VERBOSE;
const started = performance.now();
for (const sample of samples) {
  const gold = sample.spans
    .map((span) => ({ ...span, type: goldAlias[span.entity_type] ?? span.entity_type }))
    .filter((span) => (piiEntityTypes as readonly string[]).includes(span.type))
    // A title alone (Mr., Dr.) is labelled PERSON in this data; ragguard keeps titles visible.
    .filter((span) => !(span.type === "PERSON" && titleOnly.test(span.entity_value)));
  const predicted = findPii(sample.full_text, piiEntityTypes, resources, threshold);
  for (const span of gold) {
    const hit = predicted.some(
      (p) => p.type === span.type && p.start < span.end_position && p.end > span.start_position,
    );
    const entry = stat(span.type);
    if (hit) entry.tp++;
    else {
      entry.fn++;
      if (verbose === span.type)
        console.log(
          `FN ${span.type}: ${JSON.stringify(span.entity_value)} in ${JSON.stringify(sample.full_text.slice(0, 120))}`,
        );
    }
  }
  for (const p of predicted) {
    const hit = gold.some(
      (span) => p.type === span.type && p.start < span.end_position && p.end > span.start_position,
    );
    if (!hit) {
      stat(p.type).fp++;
      if (verbose === p.type)
        console.log(
          `FP ${p.type}: ${JSON.stringify(p.text)} (${p.score}) in ${JSON.stringify(sample.full_text.slice(0, 120))}`,
        );
    }
  }
}
const elapsed = performance.now() - started;
console.log(
  `${samples.length} samples (${split}), threshold ${threshold}, ${(elapsed / samples.length).toFixed(3)} ms/sample`,
);
console.log("type            gold  recall  precision  (tp/fn/fp)");
for (const [type, { tp, fn, fp }] of [...stats].sort()) {
  const recall = tp + fn === 0 ? Number.NaN : tp / (tp + fn);
  const precision = tp + fp === 0 ? Number.NaN : tp / (tp + fp);
  console.log(
    `${type.padEnd(15)} ${String(tp + fn).padStart(5)}  ${recall.toFixed(3)}   ${precision.toFixed(3)}     (${tp}/${fn}/${fp})`,
  );
}
