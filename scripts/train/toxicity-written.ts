import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Random } from "./lib/random.js";
import type { LabelledText } from "./toxicity-rows.js";

/**
 * Written training sources for what issue 24 found missed or flagged (written for ragguard, not
 * taken from any dataset or test suite): veiled threats without a violent word, calls to harass a
 * person and insults through a third party, each beside a civil sentence of the same shape; news
 * about violence, sports banter, counter-speech, reclaimed words and long civil debate; and
 * Russian and Spanish abuse worded apart from the seed frames. Each is its own source, so the
 * leave-one-source-out table says what the other sources alone teach about it.
 * `{SLOT}` is filled from the shared slots, `{G}` from the source's own groups.
 */
const writtenSchema = z.object({
  slots: z.record(z.string(), z.array(z.string()).min(1)),
  sources: z.record(
    z.string(),
    z.object({
      language: z.string().length(2),
      toxic: z.array(z.string()).min(1),
      neutral: z.array(z.string()).min(1),
      groups: z.array(z.string()).min(1).optional(),
    }),
  ),
});

/** The frames and slots (`toxicity-written.json`, a data table beside this file). */
const written = writtenSchema.parse(
  JSON.parse(readFileSync(new URL("./toxicity-written.json", import.meta.url), "utf8")),
);

/** Language of each written source, by name. */
export const writtenLanguages: ReadonlyMap<string, string> = new Map(
  Object.entries(written.sources).map(([name, source]) => [name, source.language]),
);

const slotPattern = /\{([A-Z]+)\}/g;

/** `perSource` rows of every written source, half toxic, frames filled at random. */
export function generateWritten(perSource: number, random: Random): LabelledText[] {
  const out: LabelledText[] = [];
  for (const [name, source] of Object.entries(written.sources)) {
    for (let index = 0; index < perSource; index += 1) {
      const label = index % 2 === 0 ? 1 : 0;
      const frame = random.pick(label === 1 ? source.toxic : source.neutral);
      const text = frame.replace(slotPattern, (slot: string, key: string) => {
        const values = key === "G" ? source.groups : written.slots[key];
        if (!values) throw new Error(`toxicity-written.json: ${name} uses unknown slot ${slot}`);
        return random.pick(values);
      });
      out.push({ text, label, source: name, weight: 1 });
    }
  }
  return out;
}
