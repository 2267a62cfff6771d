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

interface Trie {
  /** Child state per state and character class; -1 where the trie has none. */
  next: number[][];
  /** Literal ids that end at each state. */
  ends: number[][];
}

function buildTrie(literals: readonly string[], classOf: Uint16Array, classes: number): Trie {
  const next: number[][] = [new Array<number>(classes).fill(-1)];
  const ends: number[][] = [[]];
  literals.forEach((literal, id) => {
    let state = 0;
    for (let index = 0; index < literal.length; index += 1) {
      const charClass = classOf[literal.charCodeAt(index)]!;
      let child = next[state]![charClass]!;
      if (child === -1) {
        child = next.length;
        next.push(new Array<number>(classes).fill(-1));
        ends.push([]);
        next[state]![charClass] = child;
      }
      state = child;
    }
    ends[state]!.push(id);
  });
  return { next, ends };
}

/**
 * Compile a scanner for `literals` (non-empty strings).
 *
 * @example
 * const scanner = createLiteralScanner(["ignore", "rules"]);
 * const found = new Uint8Array(2); scanner.scan("ignore the rules", found); // found = [1, 1]
 */
export function createLiteralScanner(literals: readonly string[]): LiteralScanner {
  if (literals.some((literal) => literal === ""))
    throw new RangeError("literal scanner: empty literal");
  // Class 0 is every character no literal uses.
  const classOf = new Uint16Array(0x10000);
  let classes = 1;
  for (const literal of literals)
    for (let index = 0; index < literal.length; index += 1) {
      const code = literal.charCodeAt(index);
      if (classOf[code] === 0) {
        classOf[code] = classes;
        classes += 1;
      }
    }
  const { next, ends } = buildTrie(literals, classOf, classes);
  const states = next.length;
  const table = new Int32Array(states * classes);
  const fail = new Int32Array(states);
  const outputs: number[][] = ends.map((ids) => [...ids]);
  // Breadth-first: a state's failure link and outputs are final before its children's.
  const queue: number[] = [];
  for (let charClass = 0; charClass < classes; charClass += 1) {
    const child = next[0]![charClass]!;
    table[charClass] = child === -1 ? 0 : child;
    if (child !== -1) queue.push(child);
  }
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head]!;
    outputs[state]!.push(...outputs[fail[state]!]!);
    for (let charClass = 0; charClass < classes; charClass += 1) {
      const child = next[state]![charClass]!;
      const fallback = table[fail[state]! * classes + charClass]!;
      if (child === -1) table[state * classes + charClass] = fallback;
      else {
        table[state * classes + charClass] = child;
        fail[child] = fallback;
        queue.push(child);
      }
    }
  }
  const outputStart = new Int32Array(states + 1);
  for (let state = 0; state < states; state += 1)
    outputStart[state + 1] = outputStart[state]! + outputs[state]!.length;
  const outputIds = Int32Array.from(outputs.flat());
  return {
    literals: [...literals],
    scan(text, found) {
      let state = 0;
      for (let index = 0; index < text.length; index += 1) {
        state = table[state * classes + classOf[text.charCodeAt(index)]!]!;
        const end = outputStart[state + 1]!;
        for (let position = outputStart[state]!; position < end; position += 1)
          found[outputIds[position]!] = 1;
      }
    },
  };
}
