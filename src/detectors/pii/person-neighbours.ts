import type { PiiMatch } from "./entity-types.js";

/**
 * What the rest of a text adds to the names `findPersons` (person.ts) found in it: names listed
 * together, and the name parts of its e-mail addresses.
 */

const listSeparator = /^(?:,\s*|\s+(?:and|or|&)\s+|\s*,\s*(?:and|or)\s+)$/i;

/** Names listed together ("Malon, Mark and Kaylee") lend each other confidence. */
export function boostListedNames(found: PiiMatch[], text: string): PiiMatch[] {
  return found.map((match, index) => {
    const neighbours = [found[index - 1], found[index + 1]].filter((other) => {
      // A confident neighbour, or two surnames side by side ("Sousa and Ball").
      if (!other || (other.score < 0.55 && (other.score < 0.4 || match.score < 0.4))) return false;
      const gap =
        other.start > match.start
          ? text.slice(match.end, other.start)
          : text.slice(other.end, match.start);
      return listSeparator.test(gap);
    });
    return neighbours.length > 0 && match.score < 0.6
      ? { ...match, score: Math.min(0.6, match.score + 0.35) }
      : match;
  });
}

/** Name-like parts of e-mail local parts in `text` ("jane.doe@x.io" gives jane, doe). */
export function emailNameParts(text: string): ReadonlySet<string> {
  const parts = new Set<string>();
  if (!text.includes("@")) return parts;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    const local = /[\p{L}][\p{L}._-]{1,63}$/u.exec(text.slice(Math.max(0, at - 64), at));
    if (!local) continue;
    // Only first.last forms: a one-word mailbox is as often a role (payroll@, billing@).
    const split = local[0].toLowerCase().split(/[._-]+/);
    if (split.length < 2) continue;
    for (const part of split) if (part.length >= 3) parts.add(part);
  }
  return parts;
}
