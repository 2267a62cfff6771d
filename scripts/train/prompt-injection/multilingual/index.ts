import type { Random } from "../../lib/random.js";
import { type CorpusRow, plantInto } from "../corpus.js";
import { attacksA } from "./attacks-a.js";
import { attacksB } from "./attacks-b.js";
import { benignSentences } from "./benign.js";

/** Planted instructions per language (ISO 639-1), 24 intents each. */
export const multilingualAttacks: Record<string, string[]> = { ...attacksA, ...attacksB };

/** True for the sentences kept out of training (every third) for per-language validation. */
export function isHeldOut(index: number): boolean {
  return index % 3 === 2;
}

/**
 * Rows from the hand-written multilingual sentences: each attack alone (a prompt) and planted in
 * a benign text of its own language (a document), each hard negative alone and inside a benign
 * text. `carriers` maps a language to benign paragraphs in it; `side` picks the training two
 * thirds or the held-out third.
 */
export function multilingualRows(
  carriers: Record<string, string[]>,
  random: Random,
  side: "train" | "validation",
): CorpusRow[] {
  const out: CorpusRow[] = [];
  const keep = (index: number) => isHeldOut(index) === (side === "validation");
  const source = "multilingual-handwritten";
  for (const [lang, attacks] of Object.entries(multilingualAttacks)) {
    const pool = carriers[lang] ?? carriers.en ?? [];
    const carrier = () => (pool.length === 0 ? "" : random.pick(pool).slice(0, 700));
    for (const [index, attack] of attacks.entries()) {
      if (!keep(index)) continue;
      out.push({ text: attack, label: 1, source, kind: "direct", carrier: "prompt", lang });
      const planted = plantInto(carrier(), attack, random);
      out.push({ ...planted, label: 1, source, kind: "planted", carrier: "document", lang });
    }
    for (const [index, sentence] of (benignSentences[lang] ?? []).entries()) {
      if (!keep(index)) continue;
      out.push({ text: sentence, label: 0, source, kind: "hard", carrier: "prompt", lang });
      const text = plantInto(carrier(), sentence, random).text;
      out.push({ text, label: 0, source, kind: "hard", carrier: "document", lang });
    }
  }
  return out;
}
