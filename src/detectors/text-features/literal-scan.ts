/**
 * Which of many literal strings occur in a text, in one pass over its UTF-16 code units: an
 * Aho-Corasick automaton compiled into a dense transition table over the characters the
 * literals use (every other character leads back to the start).
 */
export interface LiteralScanner {
  /** The literals, by id. */
  readonly literals: readonly string[];
  /** Set `found[id]` to 1 for every literal that occurs in `text` (leaves other entries alone). */
  scan(text: string, found: Uint8Array): void;
}

/** Options for {@link createLiteralScanner}. */
export interface LiteralScannerOptions {
  /** A-Z and a-z are the same character, in the literals and in the text (default false). */
  ignoreAsciiCase?: boolean;
}

/**
 * Compile a scanner for `literals` (non-empty strings).
 *
 * @example
 * const scanner = createLiteralScanner(["ignore", "rules"]);
 * const found = new Uint8Array(2); scanner.scan("ignore the rules", found); // found = [1, 1]
 */
export function createLiteralScanner(
  literals: readonly string[],
  options: LiteralScannerOptions = {},
): LiteralScanner {
  if (literals.some((literal) => literal === ""))
    throw new RangeError("literal scanner: empty literal");
  const fold = options.ignoreAsciiCase === true;
  const codeAt = (literal: string, index: number): number => {
    const code = literal.charCodeAt(index);
    return fold && code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
  };
  // Class 0 is every character no literal uses.
  const classOf = new Uint16Array(0x10000);
  let classes = 1;
  for (const literal of literals)
    for (let index = 0; index < literal.length; index += 1) {
      const code = codeAt(literal, index);
      if (classOf[code] === 0) {
        classOf[code] = classes;
        classes += 1;
      }
    }
  // Folding: an upper-case letter of the text walks the edges of its lower-case letter.
  if (fold) for (let code = 0x41; code <= 0x5a; code += 1) classOf[code] = classOf[code + 0x20]!;
  // The trie's edges go straight into the transition table (0: none yet, as the start state
  // is nobody's child); the breadth-first pass then fills the gaps with failure transitions.
  let states = 1;
  let table = new Int32Array(64 * classes);
  const ends: number[][] = [[]];
  literals.forEach((literal, id) => {
    let state = 0;
    for (let index = 0; index < literal.length; index += 1) {
      const cell = state * classes + classOf[codeAt(literal, index)]!;
      if (table[cell] === 0) {
        if ((states + 1) * classes > table.length) {
          const grown = new Int32Array(table.length * 2);
          grown.set(table);
          table = grown;
        }
        table[cell] = states;
        ends.push([]);
        states += 1;
      }
      state = table[cell]!;
    }
    ends[state]!.push(id);
  });
  table = table.slice(0, states * classes);
  const fail = new Int32Array(states);
  const outputs: number[][] = ends;
  const queue = new Int32Array(states);
  let tail = 0;
  for (let charClass = 0; charClass < classes; charClass += 1)
    if (table[charClass] !== 0) queue[tail++] = table[charClass]!;
  for (let head = 0; head < tail; head += 1) {
    const state = queue[head]!;
    const inherited = outputs[fail[state]!]!;
    if (inherited.length > 0) outputs[state] = [...outputs[state]!, ...inherited];
    const row = state * classes;
    const fallbackRow = fail[state]! * classes;
    for (let charClass = 0; charClass < classes; charClass += 1) {
      const child = table[row + charClass]!;
      if (child === 0) table[row + charClass] = table[fallbackRow + charClass]!;
      else {
        fail[child] = table[fallbackRow + charClass]!;
        queue[tail++] = child;
      }
    }
  }
  // Renumber the states in breadth-first order (the queue), so the shallow states a text walks
  // through most of the time share cache lines, and store each transition's target bit-inverted
  // when it has outputs: the scan loop does one table load per character and a sign test. Up to
  // 32,767 states the table holds 16-bit entries (half the memory, fewer cache misses).
  const order = new Int32Array(states);
  order.set(queue.subarray(0, tail), 1);
  const renumbered = new Int32Array(states);
  for (let index = 0; index < states; index += 1) renumbered[order[index]!] = index;
  const next =
    states <= 0x7fff ? new Int16Array(states * classes) : new Int32Array(states * classes);
  for (let index = 0; index < states; index += 1) {
    const from = order[index]! * classes;
    for (let charClass = 0; charClass < classes; charClass += 1) {
      const target = table[from + charClass]!;
      const state = renumbered[target]!;
      next[index * classes + charClass] = outputs[target]!.length > 0 ? ~state : state;
    }
  }
  const outputStart = new Int32Array(states + 1);
  for (let index = 0; index < states; index += 1)
    outputStart[index + 1] = outputStart[index]! + outputs[order[index]!]!.length;
  const outputIds = Int32Array.from(Array.from(order, (state) => outputs[state]!).flat());
  return {
    literals: [...literals],
    scan(text, found) {
      let state = 0;
      for (let index = 0; index < text.length; index += 1) {
        state = next[state * classes + classOf[text.charCodeAt(index)]!]!;
        if (state < 0) {
          state = ~state;
          const end = outputStart[state + 1]!;
          for (let position = outputStart[state]!; position < end; position += 1)
            found[outputIds[position]!] = 1;
        }
      }
    },
  };
}

/**
 * A gate over a scan's `found` flags: each clause lists literal ids, one of which must be found.
 * True when `found` holds a literal of every clause of `gate`.
 */
export function passesGate(gate: readonly (readonly number[])[], found: Uint8Array): boolean {
  for (const clause of gate) {
    let any = false;
    for (const id of clause)
      if (found[id] === 1) {
        any = true;
        break;
      }
    if (!any) return false;
  }
  return true;
}

/** Each pattern's gate over one shared literal scanner (see {@link compileLiteralGates}). */
export interface LiteralGates {
  /** Per pattern, its clauses as literal ids, shortest clause first (the clauses are ANDed). */
  readonly gates: number[][][];
  /** One scanner for every literal of the gates; null when they have none. */
  readonly scanner: LiteralScanner | null;
}

/** `literal` with A-Z lowered, as a scanner that ignores ASCII case sees it. */
function foldAsciiCase(literal: string): string {
  return literal.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/**
 * Compile the gates of several patterns, given each pattern's required-literal clauses, with
 * one id per distinct literal and one scanner for all of them. A text passes a pattern's gate
 * ({@link passesGate}) when it holds a literal of every clause.
 *
 * @example
 * const { gates, scanner } = compileLiteralGates([[["ignore"], ["rules", "instructions"]]]);
 * const found = new Uint8Array(scanner!.literals.length);
 * scanner!.scan("ignore the rules", found); passesGate(gates[0]!, found); // true
 */
export function compileLiteralGates(
  clausesPerPattern: readonly (readonly (readonly string[])[])[],
  options: LiteralScannerOptions = {},
): LiteralGates {
  const fold = options.ignoreAsciiCase === true;
  const ids = new Map<string, number>();
  const idOf = (literal: string): number => {
    const key = fold ? foldAsciiCase(literal) : literal;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  // Shortest clause first: a text fails most gates, and reads a clause it fails whole.
  const gates = clausesPerPattern.map((clauses) =>
    clauses.map((clause) => clause.map(idOf)).sort((left, right) => left.length - right.length),
  );
  const scanner = ids.size === 0 ? null : createLiteralScanner([...ids.keys()], options);
  return { gates, scanner };
}
