import { z } from "zod";
import { ValidationError } from "../common/errors.js";
import { SCAN_SOURCES } from "../scan/scanner.js";

/**
 * A labelled text for a binary scanner; `source` (optional) is the kind of text, passed to the
 * scanner (PromptInjection picks its operating point by it).
 */
export const labelledRowSchema = z.object({
  text: z.string(),
  label: z.union([z.literal(0), z.literal(1)]),
  source: z.enum(SCAN_SOURCES).optional(),
});

/** A text with the entities a redacting scanner should find. */
export const entityRowSchema = z.object({
  text: z.string(),
  entities: z.array(z.object({ type: z.string().min(1), value: z.string().min(1) })),
});

export type LabelledRow = z.infer<typeof labelledRowSchema>;
export type EntityRow = z.infer<typeof entityRowSchema>;

/** A line that could not be used, with its 1-based number. */
export interface BadLine {
  line: number;
  message: string;
}

/** Thrown when an evaluation file has bad lines; `details` lists every one of them. */
export class EvalDataError extends ValidationError {
  constructor(
    readonly source: string,
    readonly badLines: readonly BadLine[],
  ) {
    const shown = badLines.slice(0, 10).map((bad) => `  line ${bad.line}: ${bad.message}`);
    const more = badLines.length > 10 ? [`  ... and ${badLines.length - 10} more`] : [];
    super(`${source}: ${badLines.length} bad row(s)\n${[...shown, ...more].join("\n")}`, {
      details: badLines,
      expose: true,
    });
  }
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join(".") || "row"}: ${issue.message}`)
    .join("; ");
}

/**
 * Parse JSON Lines rows with `schema`; blank lines are allowed, and every bad line is reported
 * by number (never skipped silently). Throws {@link EvalDataError} when any line is bad or when
 * there is no row at all.
 *
 * @example
 * parseRows('{"text":"hi","label":0}\n', labelledRowSchema, "data.jsonl") // [{ text: "hi", label: 0 }]
 */
export function parseRows<S extends z.ZodType>(
  content: string,
  schema: S,
  source: string,
): z.output<S>[] {
  const rows: z.output<S>[] = [];
  const bad: BadLine[] = [];
  for (const [index, line] of content.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      bad.push({
        line: index + 1,
        message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
    else bad.push({ line: index + 1, message: describe(parsed.error) });
  }
  if (bad.length > 0) throw new EvalDataError(source, bad);
  if (rows.length === 0)
    throw new EvalDataError(source, [{ line: 0, message: "the file has no rows" }]);
  return rows;
}
