/**
 * Where a text quotes rather than says: inline code, code fences, quotation marks, table rows and
 * the paragraph under a line that ends in a colon. An attack phrase inside such a span is an example (a security write-up's payload table,
 * the rules card of a board game) when the text that introduces the span says so: it talks about
 * attacks, examples, tests, or addresses people (players, students, staff).
 */

/** What kind of quoting: code (fences, backticks), quotation marks, or a table row. */
export type QuoteKind = "code" | "quote" | "table";

/** A quoted span `[start, end)` of a normalised text and the text that introduces it. */
export interface QuotedSpan {
  readonly kind: QuoteKind;
  readonly start: number;
  readonly end: number;
  /** The sentence before an inline quote and the rest of its line, or the lines above a table or code block. */
  readonly leadIn: string;
}

/** How far back the introducing text of a table or code block reaches (about two lines). */
const blockLeadIn = 240;
/** How far back the introducing sentence of an inline quote reaches. */
const inlineLeadIn = 200;
/** Longest quote considered (longer ones are more likely unbalanced marks). */
const maxQuote = 600;

const codeFence = /```[\s\S]*?(?:```|$)/g;
const inlineCode = new RegExp(`\`[^\`\\n]{1,${maxQuote}}\``, "g");
const doubleQuote = new RegExp(
  `"[^"\\n]{4,${maxQuote}}"|\u201c[^\u201d\\n]{4,${maxQuote}}\u201d|\u00ab[^\u00bb\\n]{4,${maxQuote}}\u00bb|\u201e[^\u201c\u201d\\n]{4,${maxQuote}}[\u201c\u201d]`,
  "g",
);
/** 'quoted text' whose marks are not apostrophes inside words. */
const singleQuote = new RegExp(
  `(?<![\\p{L}\\p{N}])['\u2018][^'\u2019\\n]{4,${maxQuote}}['\u2019](?![\\p{L}\\p{N}])`,
  "gu",
);
/** What may stand before a quote that makes up a whole line: a bullet or a list number. */
const listItemPrefix = /^[ \t]*(?:[-*+>]|\d{1,3}[.)])?[ \t]*$/;
/** HTML attribute values (`style="…"`): quotation marks that quote nothing. */
const attributeValue = /[\w-]\s*=\s*(?:"[^"\n]*"|'[^'\n]*')/g;
/** A colon that ends a line, then any blank lines: the end of a line that introduces a block. */
const colonLineEnd = /:[ \t]*\n(?:[ \t]*\n)*/g;
/** How far back the introducing line of a block reaches. */
const introReach = 200;
/** A run of markdown table rows. */
const tableBlock = /(?:^|\n)[ \t]*\|[^\n]*(?:\n[ \t]*\|[^\n]*)*/g;

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf("\n", from);
  return newline === -1 ? text.length : newline;
}

/**
 * The two sentences before an inline quote (back to the `.`, `!`, `?` or line breaks), or the
 * lines above when the quote makes up its line (a list of examples), plus the rest of its line.
 */
function inlineLeadInOf(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  // A quote that is a whole list item or line is introduced by the lines above it.
  if (listItemPrefix.test(text.slice(lineStart, start)))
    return `${text.slice(Math.max(0, lineStart - blockLeadIn), lineStart)} ${text.slice(end, lineEnd(text, end))}`;
  let from = start;
  const floor = Math.max(0, start - inlineLeadIn);
  // This sentence and the one before it ("Which of these is an injection? (b) '…'").
  for (let sentences = 0; sentences < 2 && from > floor; sentences += 1) {
    while (from > floor && /\s/.test(text[from - 1]!)) from -= 1;
    if (from < start && from > floor && /[.!?]/.test(text[from - 1]!)) from -= 1;
    while (from > floor && !/[.!?\n]/.test(text[from - 1]!)) from -= 1;
  }
  return `${text.slice(from, start)} ${text.slice(end, lineEnd(text, end))}`;
}

/** The text with HTML attribute values blanked (same length), so their quotes pair with nothing. */
function blankAttributes(text: string): string {
  return text.replace(attributeValue, (value) => " ".repeat(value.length));
}

/** Every quoted span of `text` (spans may overlap; order is by kind, then position). */
export function quotedSpans(text: string): QuotedSpan[] {
  const out: QuotedSpan[] = [];
  const blanked = blankAttributes(text);
  const patterns: [RegExp, QuoteKind][] = [
    [codeFence, "code"],
    [inlineCode, "code"],
    [doubleQuote, "quote"],
    [singleQuote, "quote"],
  ];
  for (const [pattern, kind] of patterns) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(blanked); found !== null; found = pattern.exec(blanked)) {
      const end = found.index + found[0].length;
      const leadIn =
        pattern === codeFence
          ? text.slice(Math.max(0, found.index - blockLeadIn), found.index)
          : inlineLeadInOf(text, found.index, end);
      out.push({ kind, start: found.index, end, leadIn });
    }
  }
  colonLineEnd.lastIndex = 0;
  for (let found = colonLineEnd.exec(text); found !== null; found = colonLineEnd.exec(text)) {
    const start = found.index + found[0].length;
    if (start >= text.length || text[start] === "\n") continue;
    // The block runs to the next blank line; only the introducing sentence counts as lead-in.
    const blank = text.indexOf("\n\n", start);
    const end = blank === -1 ? text.length : blank;
    const lineStart = text.lastIndexOf("\n", found.index - 1) + 1;
    const intro = text.slice(Math.max(lineStart, found.index - introReach), found.index + 1);
    out.push({ kind: "quote", start, end, leadIn: intro.slice(intro.search(/[^.!?]*$/)) });
  }
  tableBlock.lastIndex = 0;
  for (let found = tableBlock.exec(text); found !== null; found = tableBlock.exec(text)) {
    const blockStart = found.index + (found[0].startsWith("\n") ? 1 : 0);
    const blockEnd = found.index + found[0].length;
    // Each row is its own span; its lead-in is the text above the table.
    const lead = text.slice(Math.max(0, blockStart - blockLeadIn), blockStart);
    for (let rowStart = blockStart; rowStart < blockEnd; ) {
      const rowEnd = Math.min(lineEnd(text, rowStart), blockEnd);
      out.push({ kind: "table", start: rowStart, end: rowEnd, leadIn: lead });
      rowStart = rowEnd + 1;
    }
  }
  return out;
}

/**
 * Lead-in patterns per kind. Code is introduced as an "example" in every README, so code needs
 * a word about attacks; quotation marks and tables may also be examples or lines for people.
 */
export type LeadInCues = Readonly<Record<QuoteKind, RegExp>>;

/**
 * True when at least `minShare` of `[start, end)` lies inside quoted spans whose lead-in matches
 * the cue of their kind (so the words there are quoted as examples, not said to the reader).
 */
export function quotedAsExample(
  spans: readonly QuotedSpan[],
  cues: LeadInCues,
  start: number,
  end: number,
  minShare = 0.6,
): boolean {
  if (end <= start) return false;
  let covered = 0;
  let coveredUpTo = start;
  const overlapping = spans
    .filter((span) => span.start < end && span.end > start && cues[span.kind].test(span.leadIn))
    .sort((left, right) => left.start - right.start);
  for (const span of overlapping) {
    const from = Math.max(span.start, coveredUpTo);
    const to = Math.min(span.end, end);
    if (to > from) {
      covered += to - from;
      coveredUpTo = to;
    }
  }
  return covered >= minShare * (end - start);
}

/** The quoted spans of a text, found on first use (most texts never need them). */
export interface QuoteContext {
  /** True when `[start, end)` is mostly quoted and introduced as an example or for people. */
  quotedAsExample(start: number, end: number): boolean;
}

/** A lazy {@link QuoteContext} for `text`, judging lead-ins with `cues`. */
export function createQuoteContext(text: string, cues: LeadInCues): QuoteContext {
  let spans: QuotedSpan[] | null = null;
  return {
    quotedAsExample(start, end) {
      spans ??= quotedSpans(text);
      return spans.length > 0 && quotedAsExample(spans, cues, start, end);
    },
  };
}
