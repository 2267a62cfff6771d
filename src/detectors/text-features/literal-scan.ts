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
  // The trie, with states numbered as they are created; each new state records its parent and
  // the class of its edge, so its children can be listed without reading a dense row.
  const edges = new Map<number, number>();
  const parentOf: number[] = [0];
  const classIn: number[] = [0];
  const ends: number[][] = [[]];
  literals.forEach((literal, id) => {
    let state = 0;
    for (let index = 0; index < literal.length; index += 1) {
      const key = state * classes + classOf[codeAt(literal, index)]!;
      let child = edges.get(key);
      if (child === undefined) {
        child = parentOf.length;
        edges.set(key, child);
        parentOf.push(state);
        classIn.push(classOf[codeAt(literal, index)]!);
        ends.push([]);
      }
      state = child;
    }
    ends[state]!.push(id);
  });
  const states = parentOf.length;
  // Each state's children in class order, as ranges of one array (counting sort by parent).
  const childStart = new Int32Array(states + 1);
  for (let state = 1; state < states; state += 1) childStart[parentOf[state]! + 1]! += 1;
  for (let state = 0; state < states; state += 1) childStart[state + 1]! += childStart[state]!;
  const children = new Int32Array(Math.max(0, states - 1));
  const filled = childStart.slice(0, states);
  for (let state = 1; state < states; state += 1) children[filled[parentOf[state]!]!++] = state;
  for (let state = 0; state < states; state += 1) {
    const byClass = children.subarray(childStart[state]!, childStart[state + 1]!);
    if (byClass.length > 1) byClass.sort((left, right) => classIn[left]! - classIn[right]!);
  }
  // Number the states in breadth-first order, so the shallow states a text walks through most
  // of the time share cache lines, and fill the transition table in that numbering as the
  // breadth-first pass goes: a state's row is its failure state's row (complete, as that state
  // is shallower) with its own edges written over it. A transition's target is stored
  // bit-inverted when the target has outputs: the scan loop does one table load per character
  // and a sign test. Up to 32,767 states the table holds 16-bit entries (half the memory, fewer
  // cache misses).
  const next =
    states <= 0x7fff ? new Int16Array(states * classes) : new Int32Array(states * classes);
  const order = new Int32Array(states);
  const fail = new Int32Array(states);
  const outputs: number[][] = new Array<number[]>(states);
  outputs[0] = ends[0]!;
  let tail = 1;
  for (let head = 0; head < tail; head += 1) {
    const row = head * classes;
    const failRow = fail[head]! * classes;
    if (head !== 0) next.copyWithin(row, failRow, failRow + classes);
    const original = order[head]!;
    for (let index = childStart[original]!; index < childStart[original + 1]!; index += 1) {
      const child = children[index]!;
      const charClass = classIn[child]!;
      const state = tail;
      tail += 1;
      order[state] = child;
      if (head !== 0) {
        const target = next[failRow + charClass]!;
        fail[state] = target < 0 ? ~target : target;
      }
      const inherited = outputs[fail[state]!]!;
      const own = ends[child]!;
      outputs[state] = inherited.length > 0 ? [...own, ...inherited] : own;
      next[row + charClass] = outputs[state]!.length > 0 ? ~state : state;
    }
  }
  const outputStart = new Int32Array(states + 1);
  for (let index = 0; index < states; index += 1)
    outputStart[index + 1] = outputStart[index]! + outputs[index]!.length;
  const outputIds = Int32Array.from(outputs.flat());
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
