import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateChunks, seededRandom } from "../../../bench/corpus.js";
import { splitPieces } from "../../../src/detectors/text-features/segments.js";
import { compileLexicon, lexiconDataSchema } from "../../../src/detectors/toxicity/lexicon.js";
import { loadWeightsFile } from "../../../src/detectors/toxicity/load-weights.js";
import { modelIdentityWords, modelWords } from "../../../src/detectors/toxicity/model.js";
import { foldText, splitTokens } from "../../../src/detectors/toxicity/normalize.js";
import {
  allRuleFamilies,
  RuleStart,
  type RuleStarts,
} from "../../../src/detectors/toxicity/rule-gate.js";
import {
  compileSignalLists,
  computeSignals,
  type SignalLists,
} from "../../../src/detectors/toxicity/signals.js";
import { splitForScoring } from "../../../src/detectors/toxicity/split.js";
import { compileWordFacts } from "../../../src/detectors/toxicity/word-facts.js";
import { functionalCases } from "./functional-cases.js";

const repoRoot = new URL("../../../", import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Toxic, hard-negative and clean texts, the sample corpus and bench chunks. */
function equivalenceTexts(): string[] {
  const texts: string[] = functionalCases().map((item) => item.text);
  for (const name of ["functional-holdout.jsonl", "talk-page-style.jsonl"]) {
    const lines = readFileSync(join(repoRoot, "test/detectors/toxicity/fixtures", name), "utf8");
    for (const line of lines.split("\n").filter((row) => row.trim() !== ""))
      texts.push(z.object({ text: z.string() }).parse(JSON.parse(line)).text);
  }
  for (const path of filesUnder(join(repoRoot, "fixtures/docs"))) {
    if ([".pdf", ".docx"].includes(extname(path))) continue;
    const text = readFileSync(path, "utf8");
    for (let start = 0; start < text.length; start += 1000)
      texts.push(text.slice(start, start + 1000));
  }
  return [...texts, ...generateChunks(300)];
}

const lexicon = compileLexicon(loadWeightsFile("lexicon.json", lexiconDataSchema));
const gated = compileSignalLists();
const withStarts = (ruleStarts: RuleStarts): SignalLists => ({ ...gated, ruleStarts });
const ungated = withStarts({ get: () => allRuleFamilies });

function signalsOf(lists: SignalLists, texts: readonly string[]): string[] {
  return texts.flatMap((text) =>
    splitForScoring(foldText(text)).map((piece) =>
      JSON.stringify(computeSignals(splitTokens(piece), piece, lexicon, lists)),
    ),
  );
}

function differences(a: readonly string[], b: readonly string[]): number {
  return a.filter((value, index) => value !== b[index]).length;
}

/** Strings of sentence ends, spaces of every kind, line feeds and letters. */
/** The first `splitPieces` (one look-behind regex), the reference the boundary finder must equal. */
function regexSplitPieces(text: string): string[] {
  const out: string[] = [];
  let pending = "";
  for (const raw of text.split(/(?<=[.!?;])\s+(?=\S)|\n+/u)) {
    const piece = raw.trim();
    if (piece === "") continue;
    pending = pending === "" ? piece : `${pending} ${piece}`;
    if (pending.length >= 12) {
      out.push(pending);
      pending = "";
    }
  }
  if (pending !== "") {
    if (out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${pending}`;
    else out.push(pending);
  }
  return out;
}

function randomStrings(count: number): string[] {
  const random = seededRandom(8);
  const parts = [".", "!", "?", ";", " ", "\n", "\n\n", "\t", "\r", "\u00a0", "\u2028", "\u3000"];
  parts.push("\ufeff", "\u200b", "a", "b c", "...", "word", "hello world", "\ud83d\ude00", "'");
  return Array.from({ length: count }, () => {
    let text = "";
    for (let length = Math.floor(random() * 40); length > 0; length -= 1)
      text += parts[Math.floor(random() * parts.length)];
    return text;
  });
}

describe("toxicity prefilters", () => {
  const texts = equivalenceTexts();

  it("the rule gate leaves every signal unchanged", () => {
    expect(texts.length).toBeGreaterThan(1000);
    const expected = signalsOf(ungated, texts);
    // The corpus must trip the rules, or the comparison proves nothing.
    const flagged = expected.filter((signals) => /true|"(?:profanity|slur)":[1-9]/.test(signals));
    expect(flagged.length).toBeGreaterThan(200);
    expect(differences(signalsOf(gated, texts), expected)).toBe(0);
  }, 120_000);

  it("would catch a gate that skips a rule it should run", () => {
    // A gate that forgets the identity phrases' first words.
    const blind = withStarts({
      get: (word) => (gated.ruleStarts.get(word) ?? 0) & ~RuleStart.identity,
    });
    expect(differences(signalsOf(blind, texts), signalsOf(ungated, texts))).toBeGreaterThan(0);
  }, 120_000);

  it("splits sentences exactly as the first (look-behind regex) splitPieces did", () => {
    for (const text of [...texts, ...randomStrings(20_000)])
      expect(splitPieces(text)).toEqual(regexSplitPieces(text));
  });

  it("folds ASCII text as the full Unicode chain does", () => {
    const reference = (text: string): string =>
      text
        .normalize("NFKC")
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(/[’‘`´]/g, "'");
    const random = seededRandom(3);
    const ascii = Array.from({ length: 5000 }, () =>
      String.fromCharCode(...Array.from({ length: 20 }, () => Math.floor(random() * 128))),
    );
    const isAscii = (text: string): boolean => [...text].every((char) => char.charCodeAt(0) < 128);
    for (const text of [...texts.filter(isAscii), ...ascii])
      expect(foldText(text)).toBe(reference(text));
  });
});

describe("toxicity word facts", () => {
  it("give the model words, lexicon hits and signals of looking each word up", () => {
    const table = compileWordFacts(modelIdentityWords, gated.ruleStarts, lexicon);
    expect(table).not.toBeNull();
    let identityWords = 0;
    let hits = 0;
    for (const text of equivalenceTexts()) {
      for (const piece of splitForScoring(foldText(text))) {
        const tokens = lexicon.unmask(splitTokens(piece));
        const facts = table!.of(tokens.words);
        expect(modelWords(tokens.words, facts)).toEqual(modelWords(tokens.words));
        const found = lexicon.find(tokens, facts);
        expect(found).toEqual(lexicon.find(tokens));
        expect(computeSignals(tokens, piece, lexicon, gated, facts)).toEqual(
          computeSignals(tokens, piece, lexicon, gated),
        );
        identityWords += facts.filter((fact) => fact?.identity).length;
        hits += found.length;
      }
    }
    // The corpus must hold identity words and lexicon terms, or the comparison proves little.
    expect(identityWords).toBeGreaterThan(100);
    expect(hits).toBeGreaterThan(100);
  }, 120_000);

  it("are not compiled for a rule gate that cannot list its words", () => {
    expect(compileWordFacts(modelIdentityWords, ungated.ruleStarts, lexicon)).toBeNull();
  });
});
