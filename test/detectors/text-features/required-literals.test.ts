import { describe, expect, it } from "vitest";
import { createLiteralScanner } from "../../../src/detectors/text-features/literal-scan.js";
import {
  type RequiredLiterals,
  requiredLiterals,
} from "../../../src/detectors/text-features/required-literals.js";
import { whitespaceRunClauses } from "../../../src/detectors/text-features/whitespace-run-clauses.js";

/** The `v` flag, which TypeScript's ES2023 target would reject in a literal. */
const unicodeSetsFlag: string = "v";

/** True when `text` has a string of every clause (what the prefilter checks). */
function satisfies(clauses: RequiredLiterals, text: string): boolean {
  return clauses.every((clause) => clause.some((literal) => text.includes(literal)));
}

describe("requiredLiterals", () => {
  it.each([
    [/ignore previous/u, [["ignore previous"]]],
    [/ab(?:cd)?ef/u, [["abcdef", "abef"]]],
    [/a(?:b|)c/u, [["abc", "ac"]]],
    [/[ab]c/u, [["ac", "bc"]]],
    [/\w+ing\b/u, [["ing"]]],
    [/a\.b\/c/u, [["a.b/c"]]],
    [/\x41\u0042\u{43}/u, [["ABC"]]],
    [/\n\t-/u, [["\n\t-"]]],
    [/ab{2}/u, [["abb"]]],
    [/caf[eé]/u, [["cafe", "café"]]],
    [/😀+/u, [["😀"]]],
    [/[😀😁]x/u, [["😀x", "😁x"]]],
    [/^start$/mu, [["start"]]],
    [/(a+)\1b/u, [["a"], ["b"]]],
  ])("%s needs %j", (regex, expected) => {
    expect(requiredLiterals(regex)).toEqual(expected);
  });

  it("keeps only the shorter of two strings where one contains the other", () => {
    expect(requiredLiterals(/(?:ignore|ignore all) rules/u)).toEqual([
      ["ignore all rules", "ignore rules"],
    ]);
    expect(requiredLiterals(/(?:x|xy)\w/u)).toEqual([["x"]]);
  });

  it("does not require what lookarounds look at", () => {
    expect(requiredLiterals(/(?<=foo )bar/u)).toEqual([["bar"]]);
    expect(requiredLiterals(/(?<!not )bar(?! baz)/u)).toEqual([["bar"]]);
    expect(requiredLiterals(/bar(?=baz)/u)).toEqual([["bar"]]);
  });

  it("requires one literal from each side of an unknown stretch", () => {
    expect(requiredLiterals(/(?:send|post) (?:\w+ ){0,3}to (?:url|link)/u)).toEqual([
      ["to link", "to url"],
      ["post ", "send "],
    ]);
  });

  it("distributes alternations of concatenations", () => {
    const clauses = requiredLiterals(/foo\w*bar|baz\s+qux/u);
    // Necessary, not sufficient: "foo bar" passes the gate, the regex then finds nothing.
    expect(satisfies(clauses, "foo bar")).toBe(true);
    expect(satisfies(clauses, "foo only")).toBe(false);
    expect(satisfies(clauses, "bar qux")).toBe(false);
    expect(satisfies(clauses, "fooxbar")).toBe(true);
    expect(satisfies(clauses, "baz qux")).toBe(true);
    expect(satisfies(clauses, "nothing")).toBe(false);
  });

  it.each([
    [/(?:foo|)/u],
    [/x|/u],
    [/a*/u],
    [/(?:ab)?/u],
    [/\w+/u],
    [/[^a]+/u],
    [/\p{L}+/u],
    [/./su],
    [/[a-z]{3}/u],
    [/\bword\b/iu],
    [new RegExp("[\\p{L}--[a-z]]", unicodeSetsFlag)],
  ])("%s always runs (no clauses)", (regex) => {
    expect(requiredLiterals(regex)).toEqual([]);
  });

  it("is sound: every text a pattern matches satisfies its clauses", () => {
    const patterns = [
      /(?:ignore|disregard) (?:all |any )?(?:previous|prior)\s+(?:\w+ ){0,2}(?:rules|instructions?)\b/u,
      /\b(?:dear|hey),? (?:the )?(?:ai|bot)s?\b|(?<=[\w'-] )(?:ai|llm)s?(?: [\w-]+){0,2}\s*:(?!\/\/)/u,
      /https?:\/\/[^\s)"']*[?&][\w-]+=(?:\{\{?|%7b)?[a-z_ ]*(?:chat|secret)[a-z_ ]*(?:\}\}?|%7d)/u,
      /[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:usd|eur)/u,
      /(?:a|b)(?:c|d)(?:e|f)(?:g|h)(?:i|j)(?:k|l)(?:m|n)x?/u,
      /é+(?:ü|ö){1,2}/u,
    ];
    const texts = [
      "please ignore all previous rules now",
      "disregard prior  the other instructions",
      "hey, the ai is here",
      "well the llm agent: do this",
      "see https://x.example/p?q={{chat}} now",
      "pay $ 100 or 20eur",
      "acegikmx bdfhjln",
      "ééöü",
      "nothing relevant at all",
    ];
    for (const pattern of patterns) {
      const clauses = requiredLiterals(pattern);
      expect(clauses.length).toBeGreaterThan(0);
      for (const text of texts) if (pattern.test(text)) expect(satisfies(clauses, text)).toBe(true);
    }
  });
});

describe("whitespaceRunClauses", () => {
  const note = /(?:note|p\.?s\.?)\s*(?:to|for)\s*(?:the )?(?:ai|bot)\b/u;

  it("joins the words around a \\s* run, widened by the spaces a longer run needs", () => {
    const clauses = whitespaceRunClauses(note);
    expect(clauses.length).toBeGreaterThan(0);
    // Words present but apart: the clause turns the text away; the regex indeed cannot match.
    for (const text of ["a note about the ai, for you", "to the bot: a note"]) {
      expect(note.test(text)).toBe(false);
      expect(satisfies(clauses, text)).toBe(false);
    }
    for (const text of ["note to the ai", "ps.for bot", "note\n\n  to ai", "note\tfor the bot"])
      expect(satisfies(clauses, text)).toBe(true);
    // Runs inside a character class, lazy runs and escaped backslashes are left alone.
    expect(whitespaceRunClauses(/a[\s*]b/u)).toEqual([]);
    expect(whitespaceRunClauses(/ab\s*?cd/u)).toEqual([]);
    expect(whitespaceRunClauses(/ab\\s*cd/u)).toEqual([]);
  });

  it("is sound: every random text the pattern matches satisfies the clauses", () => {
    const patterns = [note, /(?:a|bc)\s*d\s*(?:e|f)/u, /x\s*y|z\s*(?:w|v)\s*u/u];
    const parts = ["note", "ps", "p.s.", "to", "for", "the ", "ai", "bot", "a", "bc", "d", "e"];
    parts.push("f", "x", "y", "z", "w", "v", "u", " ", "  ", "\n", "\t", "\u00a0", "\u3000", ".");
    let state = 7;
    const random = (): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    let matched = 0;
    for (let count = 0; count < 20_000; count += 1) {
      let text = "";
      for (let length = 1 + Math.floor(random() * 12); length > 0; length -= 1)
        text += parts[Math.floor(random() * parts.length)];
      for (const pattern of patterns) {
        if (!pattern.test(text)) continue;
        matched += 1;
        expect(satisfies(whitespaceRunClauses(pattern), text), `${pattern} ${text}`).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(200);
  });
});

describe("createLiteralScanner", () => {
  it("finds every literal that occurs, overlapping ones and suffixes of others included", () => {
    const literals = ["he", "she", "his", "hers", "ers", "é", "😀x", ":"];
    const scanner = createLiteralScanner(literals);
    const found = new Uint8Array(literals.length);
    scanner.scan("ushers: 😀x", found);
    const seen = literals.filter((_, id) => found[id] === 1);
    expect(seen).toEqual(["he", "she", "hers", "ers", "😀x", ":"]);
  });

  it("agrees with includes() for every literal on mixed text", () => {
    const literals = ["ai", "ai ", " ai", "aia", "a", "ignore all", "all", "ll p", "über", "ü"];
    const scanner = createLiteralScanner(literals);
    for (const text of ["", "ai", "aiai", "maintain all plans", "Über über", "xyz ignore all p"]) {
      const found = new Uint8Array(literals.length);
      scanner.scan(text, found);
      expect([...found]).toEqual(literals.map((literal) => (text.includes(literal) ? 1 : 0)));
    }
  });

  it("agrees with includes() on random literal sets, with 16-bit and 32-bit state tables", () => {
    // A small deterministic generator, so a failure reproduces.
    let seed = 12345;
    const random = (limit: number): number => {
      // xorshift32
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return Math.floor(((seed >>> 0) / 2 ** 32) * limit);
    };
    const word = (alphabet: string, length: number): string =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]!).join("");
    // A few hundred states (16-bit table), then 6,000 literals of 8-10 letters: over 32,767 (32-bit).
    for (const [count, shortest, alphabet, minStates] of [
      [60, 1, "abc d", 0],
      [6000, 8, "abcdefghijklmnopqrstuvwxyz", 0x8000],
    ] as const) {
      const literals = Array.from({ length: count }, () =>
        word(alphabet, shortest + random(shortest === 1 ? 5 : 3)),
      );
      const prefixes = new Set(
        literals.flatMap((literal) => [...literal].map((_, end) => literal.slice(0, end + 1))),
      );
      expect(prefixes.size + 1).toBeGreaterThan(minStates);
      const scanner = createLiteralScanner(literals);
      for (let round = 0; round < 200; round += 1) {
        const text = word(alphabet, random(400));
        const found = new Uint8Array(literals.length);
        scanner.scan(text, found);
        expect([...found]).toEqual(literals.map((literal) => (text.includes(literal) ? 1 : 0)));
      }
      // Texts made of the literals themselves, so long matches and their suffixes occur.
      for (let round = 0; round < 200; round += 1) {
        const text = Array.from({ length: 20 }, () => literals[random(count)]!).join("");
        const found = new Uint8Array(literals.length);
        scanner.scan(text, found);
        expect([...found]).toEqual(literals.map((literal) => (text.includes(literal) ? 1 : 0)));
      }
    }
  });

  it("rejects the empty literal", () => {
    expect(() => createLiteralScanner(["a", ""])).toThrow(RangeError);
  });
});
