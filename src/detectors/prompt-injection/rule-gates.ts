/**
 * The rules' literal gates turned around: for each literal, the gate clauses it satisfies.
 * After the prefilter's scan, each literal found ticks its clauses, and a rule passes when all
 * its clauses are ticked, the answer `passesGate` gives rule by rule. The work follows the few
 * literals a text holds (about 43 of 2,007 in an ingest chunk) instead of every rule's clauses:
 * on an ingest chunk 25 of the 69 rules pass their shortest clause, so most gates read several.
 */
export interface RuleGateIndex {
  /** The prefilter's flags, one per literal (plus up to 3 never set), for its scan to fill. */
  readonly found: Uint8Array;
  /**
   * Per rule, how many of its gate's clauses hold a literal flagged in {@link found}: a rule
   * passes its gate when that is its clause count. The array is reused by the next call.
   */
  tick(): Int32Array;
}

/**
 * Index `gates` (per rule, clauses of literal ids below `literals`).
 *
 * @example
 * const index = createRuleGateIndex([[[0], [1, 2]]], 3);
 * index.found[0] = 1; index.found[2] = 1;
 * index.tick()[0] === 2; // both clauses hold a found literal
 */
export function createRuleGateIndex(
  gates: readonly (readonly (readonly number[])[])[],
  literals: number,
): RuleGateIndex {
  // Each (literal, clause) pair once, however often the clause lists the literal.
  const clausesOf: number[][] = Array.from({ length: literals }, () => []);
  const ruleOfClause: number[] = [];
  gates.forEach((gate, rule) => {
    for (const clause of gate) {
      const number = ruleOfClause.length;
      ruleOfClause.push(rule);
      for (const id of new Set(clause)) clausesOf[id]!.push(number);
    }
  });
  const start = new Int32Array(literals + 1);
  for (let id = 0; id < literals; id += 1) start[id + 1] = start[id]! + clausesOf[id]!.length;
  const clauseIds = Int32Array.from(clausesOf.flat());
  const clauseRule = Int32Array.from(ruleOfClause);
  const ticked = new Uint8Array(clauseRule.length);
  const ticks = new Int32Array(gates.length);
  // Whole words, so four flags are tested per load (a text holds few of the literals).
  const found = new Uint8Array(Math.ceil(literals / 4) * 4);
  const words = new Uint32Array(found.buffer);
  const tickLiteral = (id: number): void => {
    const end = start[id + 1]!;
    for (let position = start[id]!; position < end; position += 1) {
      const clause = clauseIds[position]!;
      if (ticked[clause] !== 0) continue;
      ticked[clause] = 1;
      ticks[clauseRule[clause]!]! += 1;
    }
  };
  return {
    found,
    tick() {
      ticked.fill(0);
      ticks.fill(0);
      for (let word = 0; word < words.length; word += 1) {
        if (words[word] === 0) continue;
        for (let id = word * 4; id < word * 4 + 4; id += 1) if (found[id] !== 0) tickLiteral(id);
      }
      return ticks;
    },
  };
}
