import { clampScore, type Scanner, type ScanSource } from "../scan/scanner.js";
import type { Vault } from "../scanners/vault.js";
import type { EntityRow, LabelledRow } from "./dataset.js";
import { type Entity, type EntityMetrics, entityMetrics } from "./entity-metrics.js";
import { type BinaryMetrics, type PredictedLabel, predictionMetrics } from "./metrics.js";

/**
 * Scan every labelled row; each row's own `source` (or else `source`) is passed to the scanner
 * as the kind of text. Returns the scores, labels and verdicts (invalid = positive).
 */
export async function scoreRows(
  scanner: Scanner,
  rows: readonly LabelledRow[],
  source?: ScanSource,
): Promise<PredictedLabel[]> {
  const scored: PredictedLabel[] = [];
  for (const row of rows) {
    const kind = row.source ?? source;
    const result = await scanner.scan(row.text, kind === undefined ? undefined : { source: kind });
    scored.push({ score: clampScore(result.score), label: row.label, predicted: !result.valid });
  }
  return scored;
}

/**
 * Scan every labelled row and score the scanner's verdicts (invalid = positive) and scores.
 *
 * @example
 * const metrics = await evaluateBinary(new PromptInjection(), [{ text: "hello", label: 0 }]);
 */
export async function evaluateBinary(
  scanner: Scanner,
  rows: readonly LabelledRow[],
  source?: ScanSource,
): Promise<BinaryMetrics> {
  return predictionMetrics(await scoreRows(scanner, rows, source));
}

/**
 * The entity type of a vault placeholder: `[REDACTED_PERSON_1]`, `<EMAIL_ADDRESS_2>` or
 * `[PHONE_NUMBER]` → `PERSON`, `EMAIL_ADDRESS`, `PHONE_NUMBER`.
 */
export function entityTypeOfPlaceholder(placeholder: string): string {
  const inner = placeholder.replace(/^[[<{]+|[\]>}]+$/g, "").replace(/^REDACTED_/i, "");
  return inner.replace(/_\d+$/, "").toUpperCase();
}

/** The entities a redacting scanner stored in `vault` while scanning one text. */
export async function findEntities(
  scanner: Scanner,
  vault: Vault,
  text: string,
): Promise<Entity[]> {
  for (const [placeholder] of vault.get()) vault.remove(placeholder);
  await scanner.scan(text);
  return vault
    .get()
    .map(([placeholder, value]) => ({ type: entityTypeOfPlaceholder(placeholder), value }));
}

/**
 * Run a redacting scanner (Anonymize) over rows with labelled entities; the scanner must write
 * what it replaces into `vault`. The vault is emptied before each row.
 */
export async function evaluateEntities(
  scanner: Scanner,
  vault: Vault,
  rows: readonly EntityRow[],
): Promise<EntityMetrics> {
  const compared = [];
  for (const row of rows)
    compared.push({ expected: row.entities, found: await findEntities(scanner, vault, row.text) });
  return entityMetrics(compared);
}
