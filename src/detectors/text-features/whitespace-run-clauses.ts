import { type RequiredLiterals, requiredLiterals } from "./required-literals.js";

/**
 * White space a `\s` matches besides the plain space, and two spaces: a text without any of
 * these has only single spaces between its words, so each of its `\s*` runs is "" or " ".
 */
const unusualSpace = [
  "  ",
  ..."\t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff",
];

/** `source` with every `\s*` outside a character class written as `(?: |)`; null when none. */
function singleSpaceRuns(source: string): string | null {
  let out = "";
  let inClass = false;
  let changed = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === "\\") {
      const escaped = source.slice(index, index + 2);
      if (!inClass && escaped === "\\s" && source[index + 2] === "*" && source[index + 3] !== "?") {
        out += "(?: |)";
        index += 2;
        changed = true;
        continue;
      }
      out += escaped;
      index += 1;
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    out += char;
  }
  return changed ? out : null;
}

/**
 * Extra clauses for a regex with `\s*` runs between words (`note\s*(?:to|for)`), which the
 * literal analysis cannot join across: the required literals of the regex with each such run
 * read as "" or " " (`note to`, `noteto`), each clause widened by the white space that would
 * allow a longer run (two spaces, a line break, a tab, ...). A match either has only empty or
 * single-space runs there, and so matches the narrowed regex, or holds one of those spaces.
 *
 * @example
 * whitespaceRunClauses(/note\s*to/u); // [["  ", "\t", "\n", ..., "note to", "noteto"]]
 */
export function whitespaceRunClauses(regex: RegExp): RequiredLiterals {
  const narrowed = singleSpaceRuns(regex.source);
  if (narrowed === null) return [];
  // Clauses the regex has anyway (words away from the runs) would only be weaker copies.
  const known = new Set(requiredLiterals(regex).map((clause) => clause.join("\u0000")));
  return requiredLiterals(new RegExp(narrowed, regex.flags))
    .filter((clause) => !known.has(clause.join("\u0000")))
    .map((clause) => [...unusualSpace, ...clause]);
}
