import { normalizeText } from "../../../src/detectors/text-features/normalize.js";
import { scoringUnits, splitPieces } from "../../../src/detectors/text-features/segments.js";
import { createRandom, type Random, splitHoldout } from "../lib/random.js";
import { generateAttack } from "./attack-grammar.js";
import { attackBodies, attackFramings, foreignAttacks } from "./attack-templates.js";
import {
  bareUnits,
  bareValidation,
  broadenedUnits,
  broadenedValidation,
} from "./broadened-data.js";
import { generateForeignAttack } from "./foreign-grammar.js";
import { generateHardNegatives } from "./hard-negative-generator.js";
import { hardNegatives, ordinaryPrompts } from "./negative-templates.js";
import { generateOrdinaryPrompts } from "./ordinary-prompts.js";
import { fillSlots } from "./slots.js";
import type { PromptInjectionSources } from "./sources.js";
import { generateContextNegative, type Side as TemplateSide } from "./writeup-negatives.js";

/** A labelled text (a scoring unit for training, or a whole chunk for validation). */
export interface LabelledText {
  text: string;
  label: 0 | 1;
  kind: string;
  weight?: number;
}

/** One side (train or validation) of every template and source list. */
export interface Side {
  bodies: [string, string][];
  framings: string[];
  foreign: string[];
  plantable: string[];
  direct: string[];
  benignPrompts: string[];
  rolePlay: string[];
  carriers: string[];
  hard: [string, string][];
  ordinary: string[];
}

function splitAll(
  sources: PromptInjectionSources,
  random: Random,
): { train: Side; validation: Side } {
  const parts = {
    bodies: splitHoldout(
      Object.entries(attackBodies).flatMap(([tactic, list]) =>
        list.map((body): [string, string] => [tactic, body]),
      ),
      4,
      random,
    ),
    framings: splitHoldout(attackFramings, 4, random),
    foreign: splitHoldout(Object.values(foreignAttacks).flat(), 3, random),
    plantable: splitHoldout(sources.plantable, 4, random),
    direct: splitHoldout(sources.direct, 5, random),
    benignPrompts: splitHoldout(sources.benignPrompts, 5, random),
    rolePlay: splitHoldout(sources.rolePlay, 5, random),
    carriers: splitHoldout(sources.carriers, 5, random),
    hard: splitHoldout(
      Object.entries(hardNegatives).flatMap(([kind, list]) =>
        list.map((text): [string, string] => [kind, text]),
      ),
      3,
      random,
    ),
    ordinary: splitHoldout(ordinaryPrompts, 3, random),
  };
  const side = (key: "train" | "validation"): Side => ({
    bodies: parts.bodies[key],
    framings: parts.framings[key],
    foreign: parts.foreign[key],
    plantable: parts.plantable[key],
    direct: parts.direct[key],
    benignPrompts: parts.benignPrompts[key],
    rolePlay: parts.rolePlay[key],
    carriers: parts.carriers[key],
    hard: parts.hard[key],
    ordinary: parts.ordinary[key],
  });
  return { train: side("train"), validation: side("validation") };
}

/** One planted attack instruction from a side's templates and sources. */
export function makeAttack(
  side: Side,
  random: Random,
  grammar = false,
): { text: string; kind: string } {
  if (grammar && random.chance(0.45))
    return random.chance(0.2) ? generateForeignAttack(random) : generateAttack(random);
  const roll = random.next();
  if (roll < 0.12 && side.foreign.length > 0)
    return { text: fillSlots(random.pick(side.foreign), random), kind: "foreign" };
  if (roll < 0.22 && side.plantable.length > 0) {
    const framing = random.pick(side.framings.filter((framing) => framing !== "{BODY}"));
    return {
      text: fillSlots(framing.replace("{BODY}", random.pick(side.plantable)), random),
      kind: "bipia-garak",
    };
  }
  const [tactic, body] = random.pick(side.bodies);
  const framed = side.framings.filter((framing) => framing !== "{BODY}");
  const framing = random.chance(0.2) ? "{BODY}" : random.pick(framed);
  return { text: fillSlots(framing.replace("{BODY}", body), random), kind: tactic };
}

/** Benign pieces of the carriers (sentences and lines of documentation, e-mail, whois, PII prose). */
export function carrierPieces(carriers: readonly string[]): string[] {
  return carriers.flatMap((carrier) => splitPieces(carrier)).filter((piece) => piece.length >= 20);
}

function truncate(text: string, max = 600): string {
  return text.length <= max ? text : text.slice(0, max);
}

/** Training units: attacks alone or beside a carrier sentence, and many benign and hard-negative units. */
function trainingUnits(side: Side, random: Random, attacks: number): LabelledText[] {
  const pieces = carrierPieces(side.carriers);
  const out: LabelledText[] = [];
  for (let index = 0; index < attacks; index += 1) {
    const attack = makeAttack(side, random, true);
    const text = random.chance(0.3)
      ? random.chance(0.5)
        ? `${random.pick(pieces)} ${attack.text}`
        : `${attack.text} ${random.pick(pieces)}`
      : attack.text;
    out.push({ text, label: 1, kind: attack.kind });
  }
  for (const text of side.direct)
    out.push({ text: truncate(text), label: 1, kind: "direct", weight: 4 });
  for (const piece of random.shuffle(pieces).slice(0, attacks * 2))
    out.push({ text: piece, label: 0, kind: "carrier" });
  for (let index = 0; index < attacks / 2; index += 1) {
    const start = random.int(Math.max(1, pieces.length - 1));
    out.push({
      text: `${pieces[start]} ${pieces[start + 1] ?? ""}`,
      label: 0,
      kind: "carrier-window",
    });
  }
  for (const text of [...side.benignPrompts, ...side.ordinary])
    out.push({ text, label: 0, kind: "prompt", weight: 2 });
  for (const text of side.rolePlay) {
    out.push({ text: truncate(text), label: 0, kind: "roleplay", weight: 2 });
    for (const piece of splitPieces(text).slice(0, 3))
      out.push({ text: piece, label: 0, kind: "roleplay-piece" });
  }
  for (const [kind, text] of side.hard)
    out.push({ text, label: 0, kind: `hard/${kind}`, weight: 4 });
  for (const { text, kind } of generateHardNegatives(random, Math.round(attacks / 4))) {
    out.push({
      text: random.chance(0.3) ? `${random.pick(pieces)} ${text}` : text,
      label: 0,
      kind,
      weight: 2,
    });
  }
  return out;
}

/** A carrier excerpt of about `length` characters cut at piece boundaries. */
export function excerpt(side: Side, random: Random, length: number): string[] {
  const pieces = splitPieces(random.pick(side.carriers));
  const start = random.int(Math.max(1, pieces.length - 3));
  const out: string[] = [];
  let size = 0;
  for (let index = start; index < pieces.length && size < length; index += 1) {
    out.push(pieces[index]!);
    size += pieces[index]!.length + 1;
  }
  return out;
}

/** Insert `insert` between two random pieces and join them into a chunk of at most 1000 characters. */
export function plant(pieces: string[], insert: string, random: Random): string {
  const at = random.int(pieces.length + 1);
  return [...pieces.slice(0, at), insert, ...pieces.slice(at)]
    .join(random.chance(0.5) ? "\n" : " ")
    .slice(0, 1000);
}

/** Chunk-level validation sets: planted vs clean (with hard negatives) chunks, and direct prompts. */
function validationSets(
  side: Side,
  random: Random,
  chunks: number,
): { chunks: LabelledText[]; direct: LabelledText[] } {
  const out: LabelledText[] = [];
  for (let index = 0; index < chunks; index += 1) {
    const attack = makeAttack(side, random);
    const room = Math.max(150, 980 - attack.text.length);
    out.push({
      text: plant(
        excerpt(side, random, Math.min(room, 300 + random.int(600))),
        attack.text,
        random,
      ),
      label: 1,
      kind: `planted/${attack.kind}`,
    });
    out.push({
      text: excerpt(side, random, 300 + random.int(650))
        .join("\n")
        .slice(0, 1000),
      label: 0,
      kind: "clean",
    });
    if (index % 2 === 0) {
      const [kind, hard] = random.pick(side.hard);
      const room = Math.max(150, 980 - hard.length);
      out.push({
        text: plant(excerpt(side, random, Math.min(room, 300 + random.int(600))), hard, random),
        label: 0,
        kind: `hard/${kind}`,
      });
    }
  }
  const direct: LabelledText[] = [
    ...side.direct.map((text): LabelledText => ({ text, label: 1, kind: "direct" })),
    ...side.benignPrompts.map((text): LabelledText => ({ text, label: 0, kind: "prompt" })),
    ...side.ordinary.map((text): LabelledText => ({ text, label: 0, kind: "ordinary" })),
    ...side.rolePlay.map((text): LabelledText => ({ text, label: 0, kind: "roleplay" })),
  ];
  return { chunks: out, direct };
}

/** Attack sentences of one side, slot-filled, for write-ups to quote. */
function quotableAttacks(side: Side, random: Random, count: number): string[] {
  return Array.from({ length: count }, () => {
    const [, body] = random.pick(side.bodies);
    return fillSlots(body, random);
  });
}

/** True when most of `unit` is one of the quoted attack strings (the detector damps those). */
function mostlyQuoted(unit: string, quoted: readonly string[]): boolean {
  return quoted.some((attack) => unit.includes(attack) && attack.length >= 0.5 * unit.length);
}

/**
 * Hard-negative training units from documents that quote attacks or address people: every
 * sentence and window of each document, except the ones that are only the quoted attack.
 */
function contextNegativeUnits(side: Side, random: Random, documents: number): LabelledText[] {
  const attacks = quotableAttacks(side, random, 400);
  const out: LabelledText[] = [];
  for (let index = 0; index < documents; index += 1) {
    const negative = generateContextNegative(random, "train", attacks);
    const quoted = negative.quoted.map(normalizeText);
    for (const unit of scoringUnits(normalizeText(negative.text))) {
      if (mostlyQuoted(unit, quoted)) continue;
      out.push({ text: unit, label: 0, kind: `context/${negative.kind}`, weight: 2 });
    }
  }
  for (const { text, kind } of generateOrdinaryPrompts(random, "train", 1500))
    out.push({ text, label: 0, kind, weight: 2 });
  return out;
}

/** Validation chunks that quote attacks or address people, and XSTest-style ordinary prompts. */
function contextValidation(
  side: Side,
  random: Random,
  chunks: number,
): { chunks: LabelledText[]; ordinary: LabelledText[] } {
  const templateSide: TemplateSide = "validation";
  const attacks = quotableAttacks(side, random, 200);
  const out: LabelledText[] = [];
  for (let index = 0; index < chunks; index += 1) {
    const negative = generateContextNegative(random, templateSide, attacks);
    const room = Math.max(150, 980 - negative.text.length);
    const text = random.chance(0.5)
      ? negative.text.slice(0, 1000)
      : plant(excerpt(side, random, Math.min(room, 200 + random.int(500))), negative.text, random);
    out.push({ text, label: 0, kind: `hard/${negative.kind}` });
  }
  const seen = new Set<string>();
  const ordinary = generateOrdinaryPrompts(random, templateSide, 600)
    .filter(({ text }) => !seen.has(text) && seen.add(text))
    .map(({ text, kind }): LabelledText => ({ text, label: 0, kind }));
  return { chunks: out, ordinary };
}

/** The full training and validation data, reproducible from `seed`. */
export function buildDataset(
  sources: PromptInjectionSources,
  seed: number,
  attacks = 14000,
  broadened = 3000,
) {
  const random = createRandom(seed);
  const { train, validation } = splitAll(sources, random);
  const baseUnits = trainingUnits(train, random, attacks);
  const base = validationSets(validation, random, 300);
  // Context hard negatives draw from their own generator so the sets above stay as they were.
  const contextRandom = createRandom(seed + 7);
  const contextUnits = contextNegativeUnits(train, contextRandom, 2500);
  const context = contextValidation(validation, contextRandom, 150);
  // Broadened shapes (directives, formats, hijacks) from a third generator, same reason.
  const broadRandom = createRandom(seed + 11);
  const broadUnits = broadenedUnits(train, broadRandom, broadened);
  const broad = broadenedValidation(validation, broadRandom, 150);
  // Bare planted instructions (BIPIA shape) from a fourth generator, same reason.
  const bareRandom = createRandom(seed + 13);
  const bare = bareUnits(train, bareRandom, broadened / 2);
  const bareChunks = bareValidation(validation, bareRandom, 150);
  const units = [...baseUnits, ...contextUnits, ...broadUnits, ...bare].map((row) => ({
    ...row,
    text: normalizeText(row.text),
  }));
  return {
    units,
    chunks: [...base.chunks, ...context.chunks],
    direct: base.direct,
    ordinary: context.ordinary,
    formats: broad.formats,
    hijack: broad.hijack,
    bare: bareChunks,
  };
}
