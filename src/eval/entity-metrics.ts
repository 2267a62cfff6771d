/** A labelled or detected entity: its type (e.g. `PERSON`, `EMAIL_ADDRESS`) and its text. */
export interface Entity {
  type: string;
  value: string;
}

/** Recall, precision and support of one entity type. */
export interface EntityTypeMetrics {
  recall: number;
  precision: number;
  /** Number of labelled entities of this type. */
  support: number;
  /** Number of detected entities of this type. */
  detected: number;
}

/** Per-type figures plus micro-averaged totals. */
export interface EntityMetrics {
  n: number;
  types: Record<string, EntityTypeMetrics>;
  total: EntityTypeMetrics & { f1: number };
}

/** One row: what the labels say and what the scanner found. */
export interface EntityRow {
  expected: readonly Entity[];
  found: readonly Entity[];
}

function canonical(value: string): string {
  return value.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Same type, and one value contains the other (so "Dr. Ann Lee" matches "Ann Lee"). */
function sameEntity(left: Entity, right: Entity): boolean {
  if (left.type.toUpperCase() !== right.type.toUpperCase()) return false;
  const a = canonical(left.value);
  const b = canonical(right.value);
  return a !== "" && b !== "" && (a.includes(b) || b.includes(a));
}

/** Count how many of `wanted` are matched by distinct items of `pool`. */
function countMatched(wanted: readonly Entity[], pool: readonly Entity[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const entity of wanted) {
    const index = pool.findIndex(
      (candidate, position) => !used.has(position) && sameEntity(entity, candidate),
    );
    if (index !== -1) {
      used.add(index);
      matched += 1;
    }
  }
  return matched;
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

/**
 * Entity-level recall and precision per type (matching by type and overlapping text) and
 * micro-averaged totals.
 *
 * @example
 * entityMetrics([{ expected: [{ type: "PERSON", value: "Ann Lee" }], found: [{ type: "PERSON", value: "Ann Lee" }] }]).total.recall // 1
 */
export function entityMetrics(rows: readonly EntityRow[]): EntityMetrics {
  const counts = new Map<
    string,
    { support: number; detected: number; hitExpected: number; hitFound: number }
  >();
  const bucket = (type: string) => {
    const key = type.toUpperCase();
    const existing = counts.get(key) ?? { support: 0, detected: 0, hitExpected: 0, hitFound: 0 };
    counts.set(key, existing);
    return existing;
  };
  for (const row of rows) {
    const types = new Set(
      [...row.expected, ...row.found].map((entity) => entity.type.toUpperCase()),
    );
    for (const type of types) {
      const expected = row.expected.filter((entity) => entity.type.toUpperCase() === type);
      const found = row.found.filter((entity) => entity.type.toUpperCase() === type);
      const entry = bucket(type);
      entry.support += expected.length;
      entry.detected += found.length;
      entry.hitExpected += countMatched(expected, found);
      entry.hitFound += countMatched(found, expected);
    }
  }
  const types: Record<string, EntityTypeMetrics> = {};
  const sum = { support: 0, detected: 0, hitExpected: 0, hitFound: 0 };
  for (const [type, entry] of [...counts.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    types[type] = {
      recall: ratio(entry.hitExpected, entry.support),
      precision: ratio(entry.hitFound, entry.detected),
      support: entry.support,
      detected: entry.detected,
    };
    sum.support += entry.support;
    sum.detected += entry.detected;
    sum.hitExpected += entry.hitExpected;
    sum.hitFound += entry.hitFound;
  }
  const recall = ratio(sum.hitExpected, sum.support);
  const precision = ratio(sum.hitFound, sum.detected);
  return {
    n: rows.length,
    types,
    total: {
      recall,
      precision,
      support: sum.support,
      detected: sum.detected,
      f1: ratio(2 * recall * precision, recall + precision),
    },
  };
}
