import type { Faker } from "@faker-js/faker";
import type { PiiMatch } from "../detectors/pii/entity-types.js";
import { makeFakeValue, type RedactedType } from "./fake-values.js";
import type { Vault } from "./vault.js";

const placeholderShape = /^\[REDACTED_([A-Z_]+)_(\d+)\]$/;
const maxFakeAttempts = 8;

/** The highest placeholder number per type already in the vault. */
function highestNumbers(vault: Vault): Map<string, number> {
  const highest = new Map<string, number>();
  for (const [placeholder] of vault.get()) {
    const shape = placeholderShape.exec(placeholder);
    if (!shape) continue;
    highest.set(shape[1]!, Math.max(highest.get(shape[1]!) ?? 0, Number(shape[2])));
  }
  return highest;
}

/** A fake that is not already a placeholder for another value and is not itself an original. */
function uniqueFake(
  faker: Faker,
  type: RedactedType,
  original: string,
  vault: Vault,
): string | undefined {
  for (let attempt = 0; attempt < maxFakeAttempts; attempt++) {
    const fake = makeFakeValue(faker, type, original, attempt);
    if (
      fake !== original &&
      !vault.placeholderExists(fake) &&
      vault.placeholderFor(fake) === undefined
    ) {
      return fake;
    }
  }
  return undefined;
}

/**
 * The replacement for every distinct matched value: the vault's existing placeholder for it, or
 * a new `[REDACTED_<TYPE>_<n>]` (or fake) that is recorded in the vault.
 */
export function assignReplacements(
  matches: readonly PiiMatch[],
  vault: Vault,
  faker: Faker | undefined,
): Map<string, string> {
  const replacements = new Map<string, string>();
  let highest: Map<string, number> | undefined;
  for (const { type, text } of matches) {
    if (replacements.has(text)) continue;
    const existing = vault.placeholderFor(text);
    if (existing !== undefined) {
      replacements.set(text, existing);
      continue;
    }
    let replacement = faker ? uniqueFake(faker, type, text, vault) : undefined;
    if (replacement === undefined) {
      highest ??= highestNumbers(vault);
      const number = (highest.get(type) ?? 0) + 1;
      highest.set(type, number);
      replacement = `[REDACTED_${type}_${number}]`;
    }
    vault.append([replacement, text]);
    replacements.set(text, replacement);
  }
  return replacements;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Replace further stand-alone occurrences of values already redacted elsewhere in the text (a name
 * the detector only caught once), so no redacted original survives in the output.
 */
export function replaceLeftovers(text: string, replacements: ReadonlyMap<string, string>): string {
  const originals = [...replacements.keys()].filter((original) => text.includes(original));
  if (originals.length === 0) return text;
  const alternatives = originals.sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`,
    "gu",
  );
  return text.replace(pattern, (original) => replacements.get(original) ?? original);
}
