/**
 * Required literals of a regular expression, the prefilter of Russ Cox's codesearch and RE2: a
 * list of clauses, each a set of strings, such that any text the regex matches somewhere
 * contains, for every clause, at least one of its strings. A text missing all strings of one
 * clause cannot match, so the regex need not run on it. Where the analysis is unsure (flags
 * `i` or `v`, syntax it does not know) it returns no clauses: the regex always runs.
 */

/** Clauses of required strings (AND of ORs); empty when nothing is known. */
export type RequiredLiterals = readonly (readonly string[])[];

/** What the analysis knows about one piece of a pattern. */
interface Info {
  /** Every string the piece can match, when that set is small; `""` when it may match empty. */
  readonly exact: readonly string[] | null;
  /** Clauses every match of the piece satisfies (always implied by `exact` when that is known). */
  readonly clauses: readonly (readonly string[])[];
}

/** Largest exact set kept; a bigger product ends the run of known strings. */
const maxExact = 64;
/** Largest character class enumerated into single characters. */
const maxClass = 12;
/** Clauses kept per piece, the most selective first. */
const maxClauses = 4;

const unknownChar: Info = { exact: null, clauses: [] };
const emptyMatch: Info = { exact: [""], clauses: [] };

class Unsupported extends Error {}

/** Clauses of a known exact set: the set itself, unless it may match the empty string. */
function clausesOf(info: Info): readonly (readonly string[])[] {
  if (info.exact === null) return info.clauses;
  return info.exact.includes("") ? [] : [info.exact];
}

/** Rank: a clause whose shortest string is longer is rarer in text; fewer strings break ties. */
function selectivity(clause: readonly string[]): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (const text of clause) shortest = Math.min(shortest, text.length);
  return shortest * 1000 - clause.length;
}

/** Drop strings that contain another string of the clause (they add nothing), sort, dedupe. */
function minimalClause(clause: readonly string[]): string[] {
  const unique = [...new Set(clause)].sort((left, right) => left.length - right.length);
  const kept: string[] = [];
  for (const text of unique) if (!kept.some((shorter) => text.includes(shorter))) kept.push(text);
  return kept.sort();
}

/**
 * The most selective clauses, deduplicated; `minimal` also drops strings that contain another
 * (quadratic, so only for the final answer: it changes no ranking, as the shortest string stays).
 */
function bestClauses(clauses: readonly (readonly string[])[], minimal = false): string[][] {
  const seen = new Set<string>();
  const unique: string[][] = [];
  for (const clause of clauses) {
    const strings = minimal ? minimalClause(clause) : [...new Set(clause)].sort();
    if (strings.includes("")) continue;
    const key = strings.join("\u0000");
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(strings);
  }
  return unique.sort((left, right) => selectivity(right) - selectivity(left)).slice(0, maxClauses);
}

function product(left: readonly string[], right: readonly string[]): string[] {
  const out: string[] = [];
  for (const head of left) for (const tail of right) out.push(head + tail);
  return [...new Set(out)];
}

function concat(items: readonly Info[]): Info {
  let run: readonly string[] | null = [""];
  let exact = true;
  const clauses: (readonly string[])[] = [];
  const commit = (): void => {
    if (run !== null && !run.includes("")) clauses.push(run);
  };
  for (const item of items) {
    if (item.exact !== null && run !== null && run.length * item.exact.length <= maxExact) {
      run = product(run, item.exact);
      continue;
    }
    // The run of known strings ends here; a known item starts the next run.
    exact = false;
    commit();
    run = item.exact;
    if (item.exact === null) clauses.push(...item.clauses);
  }
  // A known set stands for its clauses (see `clausesOf`), so they need no ranking here.
  if (exact) return { exact: run, clauses: [] };
  commit();
  return { exact: null, clauses: bestClauses(clauses) };
}

function alternate(branches: readonly Info[]): Info {
  const union = new Set<string>();
  let exact = true;
  for (const branch of branches) {
    if (branch.exact === null) exact = false;
    else for (const text of branch.exact) union.add(text);
  }
  if (exact && union.size <= maxExact) {
    const all = [...union];
    return { exact: all, clauses: all.includes("") ? [] : [all] };
  }
  // (A1 ∧ A2) ∨ (B1 ∧ B2) = (A1 ∨ B1) ∧ (A1 ∨ B2) ∧ (A2 ∨ B1) ∧ (A2 ∨ B2).
  let clauses: string[][] = [[]];
  for (const branch of branches) {
    const own = bestClauses(clausesOf(branch));
    if (own.length === 0) return unknownChar;
    const next: string[][] = [];
    for (const clause of clauses) for (const add of own) next.push([...clause, ...add]);
    clauses = bestClauses(next);
  }
  return { exact: null, clauses };
}

function repeat(item: Info, min: number, max: number): Info {
  if (min === 0) {
    if (max === 1 && item.exact !== null) return { exact: [...item.exact, ""], clauses: [] };
    return unknownChar;
  }
  if (min === max && item.exact !== null && item.exact.length ** min <= maxExact && min <= 8) {
    let exact: string[] = [""];
    for (let count = 0; count < min; count += 1) exact = product(exact, item.exact);
    return { exact, clauses: exact.includes("") ? [] : [exact] };
  }
  return { exact: null, clauses: clausesOf(item) };
}

/** A recursive-descent reader of ECMAScript pattern syntax, just enough for the analysis. */
class PatternReader {
  private position = 0;

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  read(): Info {
    const info = this.alternation();
    if (this.position < this.source.length) throw new Unsupported("unbalanced parenthesis");
    return info;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.position + offset];
  }

  private alternation(): Info {
    const branches = [this.sequence()];
    while (this.peek() === "|") {
      this.position += 1;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? branches[0]! : alternate(branches);
  }

  private sequence(): Info {
    const items: Info[] = [];
    while (this.position < this.source.length && this.peek() !== "|" && this.peek() !== ")")
      items.push(this.quantified(this.atom()));
    return concat(items);
  }

  private quantified(item: Info): Info {
    const char = this.peek();
    let bounds: [number, number] | null = null;
    if (char === "*") bounds = [0, Number.POSITIVE_INFINITY];
    else if (char === "+") bounds = [1, Number.POSITIVE_INFINITY];
    else if (char === "?") bounds = [0, 1];
    if (bounds !== null) this.position += 1;
    else if (char === "{") {
      const found = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.source.slice(this.position));
      if (found === null) return item;
      this.position += found[0].length;
      const min = Number(found[1]);
      const max =
        found[2] === undefined
          ? min
          : found[3] === ""
            ? Number.POSITIVE_INFINITY
            : Number(found[3]);
      bounds = [min, max];
    } else return item;
    if (this.peek() === "?") this.position += 1;
    return repeat(item, bounds[0], bounds[1]);
  }

  private atom(): Info {
    const char = this.peek()!;
    if (char === "(") return this.group();
    if (char === "[") return this.characterClass();
    if (char === "\\") return this.escape();
    this.position += 1;
    if (char === ".") return unknownChar;
    if (char === "^" || char === "$") return emptyMatch;
    if (char === ")" || char === "*" || char === "+" || char === "?")
      throw new Unsupported(`unexpected ${char}`);
    return { exact: [this.takeSurrogatePair(char)], clauses: [] };
  }

  /** With the `u` flag, a surrogate pair in the source is one character. */
  private takeSurrogatePair(char: string): string {
    const code = char.charCodeAt(0);
    const next = this.source.charCodeAt(this.position);
    if (this.unicode && code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      this.position += 1;
      return char + this.source[this.position - 1]!;
    }
    return char;
  }

  private group(): Info {
    this.position += 1;
    let lookaround = false;
    if (this.peek() === "?") {
      const rest = this.source.slice(this.position, this.position + 3);
      if (rest.startsWith("?:")) this.position += 2;
      else if (rest.startsWith("?=") || rest.startsWith("?!")) {
        this.position += 2;
        lookaround = true;
      } else if (rest === "?<=" || rest === "?<!") {
        this.position += 3;
        lookaround = true;
      } else if (rest.startsWith("?<")) {
        const close = this.source.indexOf(">", this.position);
        if (close === -1) throw new Unsupported("group name");
        this.position = close + 1;
      } else throw new Unsupported(`group ${rest}`);
    }
    const inner = this.alternation();
    if (this.peek() !== ")") throw new Unsupported("unclosed group");
    this.position += 1;
    // A lookaround consumes nothing: the match need not contain what it looks at.
    return lookaround ? emptyMatch : inner;
  }

  private escape(): Info {
    const next = this.peek(1);
    if (next === undefined) throw new Unsupported("trailing backslash");
    if (next === "b" || next === "B") {
      this.position += 2;
      return emptyMatch;
    }
    if (/[dDwWsS]/.test(next)) {
      this.position += 2;
      return unknownChar;
    }
    if (next === "p" || next === "P") {
      this.skipProperty();
      return unknownChar;
    }
    if (/[1-9]/.test(next) || (next === "k" && this.peek(2) === "<")) {
      // A back-reference may repeat anything, even nothing.
      this.position += 2;
      if (next === "k") this.position = this.source.indexOf(">", this.position) + 1;
      else while (/\d/.test(this.peek() ?? "")) this.position += 1;
      return { exact: null, clauses: [] };
    }
    return { exact: [this.escapedChar()], clauses: [] };
  }

  private skipProperty(): void {
    this.position += 2;
    if (this.peek() === "{") {
      const close = this.source.indexOf("}", this.position);
      if (close === -1) throw new Unsupported("property");
      this.position = close + 1;
    } else if (this.unicode) throw new Unsupported("property");
  }

  /** The character of an escape like `\n`, `\x41`, `\u{1F600}` or `\.`, the backslash at `position`. */
  private escapedChar(): string {
    const next = this.peek(1)!;
    this.position += 2;
    const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", v: "\v", f: "\f" };
    if (simple[next] !== undefined) return simple[next];
    if (next === "0" && !/\d/.test(this.peek() ?? "")) return "\0";
    if (next === "c") {
      const letter = this.peek();
      if (letter === undefined || !/[a-zA-Z]/.test(letter)) throw new Unsupported("\\c");
      this.position += 1;
      return String.fromCharCode(letter.charCodeAt(0) % 32);
    }
    if (next === "x") return String.fromCharCode(this.hexDigits(2));
    if (next === "u") {
      if (this.peek() === "{") {
        const close = this.source.indexOf("}", this.position);
        const code = Number.parseInt(this.source.slice(this.position + 1, close), 16);
        if (!this.unicode || close === -1 || Number.isNaN(code)) throw new Unsupported("\\u{}");
        this.position = close + 1;
        return String.fromCodePoint(code);
      }
      return String.fromCharCode(this.hexDigits(4));
    }
    if (/[0-9a-zA-Z]/.test(next)) throw new Unsupported(`escape \\${next}`);
    return this.takeSurrogatePair(next);
  }

  private hexDigits(count: number): number {
    const digits = this.source.slice(this.position, this.position + count);
    if (!new RegExp(`^[0-9a-fA-F]{${count}}$`).test(digits)) throw new Unsupported("hex escape");
    this.position += count;
    return Number.parseInt(digits, 16);
  }

  /** One character of a class, or null for a class escape (`\w`, `\p{L}`) that is many. */
  private classChar(): string | null {
    const char = this.peek()!;
    if (char !== "\\") {
      this.position += 1;
      return this.takeSurrogatePair(char);
    }
    const next = this.peek(1);
    if (next === undefined) throw new Unsupported("trailing backslash");
    if (/[dDwWsS]/.test(next)) {
      this.position += 2;
      return null;
    }
    if (next === "p" || next === "P") {
      this.skipProperty();
      return null;
    }
    if (next === "b") {
      this.position += 2;
      return "\b";
    }
    if (next === "-") {
      this.position += 2;
      return "-";
    }
    return this.escapedChar();
  }

  private characterClass(): Info {
    this.position += 1;
    const negated = this.peek() === "^";
    if (negated) this.position += 1;
    const chars = new Set<string>();
    let many = negated;
    while (this.peek() !== "]") {
      if (this.position >= this.source.length) throw new Unsupported("unclosed class");
      const from = this.classChar();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.position += 1;
        const to = this.classChar();
        if (from === null || to === null) throw new Unsupported("class range");
        const low = from.codePointAt(0)!;
        const high = to.codePointAt(0)!;
        if (high - low >= maxClass) many = true;
        else for (let code = low; code <= high; code += 1) chars.add(String.fromCodePoint(code));
      } else if (from === null) many = true;
      else chars.add(from);
    }
    this.position += 1;
    if (many || chars.size > maxClass) return unknownChar;
    // An empty class matches nothing; no text can match it, but keep the analysis simple.
    if (chars.size === 0) return unknownChar;
    const exact = [...chars];
    return { exact, clauses: [exact] };
  }
}

/**
 * The required literals of `regex` (see the module comment); no clauses when unsure.
 *
 * @example
 * requiredLiterals(/ignore (?:all )?previous (?:instructions|rules)/u)
 * // [["ignore all previous ", "ignore previous "], …] — minimal clauses keep the shorter strings
 */
export function requiredLiterals(regex: RegExp): RequiredLiterals {
  if (regex.ignoreCase || regex.flags.includes("v")) return [];
  try {
    const info = new PatternReader(regex.source, regex.unicode).read();
    return bestClauses(clausesOf(info), true);
  } catch (error) {
    if (error instanceof Unsupported) return [];
    throw error;
  }
}
