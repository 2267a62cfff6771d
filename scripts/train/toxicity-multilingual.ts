import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Random } from "./lib/random.js";

/**
 * Seed sentences for the languages no public training split here covers, and for Japanese,
 * Korean and Chinese, whose splits are small or skewed (written for ragguard,
 * not taken from any dataset): per language, insults, threats and dehumanising statements, and
 * the same frames with neutral words, plus everyday sentences, news about violence and idioms
 * with violent words. `{I}` is an insult, `{G}` a group, `{N}` a neutral noun for a person.
 * They only teach the model each language's abusive words next to its ordinary ones; the
 * validation tables say how little that is.
 */

const seedsSchema = z.record(
  z.string(),
  z.object({
    insults: z.array(z.string()).min(1),
    groups: z.array(z.string()).min(1),
    nice: z.array(z.string()).min(1),
    toxic: z.array(z.string()).min(1),
    neutral: z.array(z.string()).min(1),
  }),
);

type LanguageSeeds = z.infer<typeof seedsSchema>[string];

/** Per language: word lists and frames (`toxicity-seeds.json`, a data table beside this file). */
const seeds = seedsSchema.parse(
  JSON.parse(readFileSync(new URL("./toxicity-seeds.json", import.meta.url), "utf8")),
);

/** The languages seeded here. */
export const seededLanguages: readonly string[] = Object.keys(seeds);

function fill(frame: string, parts: LanguageSeeds, random: Random): string {
  return frame
    .replace("{I}", random.pick(parts.insults))
    .replace("{G}", random.pick(parts.groups))
    .replace("{N}", random.pick(parts.nice));
}

/** `perLanguage` seeded rows per language, half toxic, with their language. */
export function generateMultilingual(
  perLanguage: number,
  random: Random,
): { text: string; label: 0 | 1; language: string }[] {
  const out: { text: string; label: 0 | 1; language: string }[] = [];
  for (const [language, parts] of Object.entries(seeds)) {
    for (let index = 0; index < perLanguage; index += 1) {
      const label = index % 2 === 0 ? 1 : 0;
      const frame = random.pick(label === 1 ? parts.toxic : parts.neutral);
      const text = fill(frame, parts, random);
      out.push({
        text: random.chance(0.3) ? text[0]!.toUpperCase() + text.slice(1) : text,
        label,
        language,
      });
    }
  }
  return out;
}
