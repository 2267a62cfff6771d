import { parse } from "csv-parse/sync";
import { decodeText } from "./decode.js";
import { documentFactory } from "./document.js";
import { LoadError } from "./load-error.js";
import type { Loader } from "./types.js";

/**
 * Load a CSV file with a header row: one Document per data row, `metadata.row` (1-based, header
 * excluded). The text is every column as `header: value` lines, so nothing escapes the scanners;
 * with `textField` it is that column only and the other columns go to `metadata.fields`.
 *
 * @example
 * const { documents } = await loadCsv(bytes, { source: "tickets.csv" });
 */
export const loadCsv: Loader = async (bytes, { source, textField }) => {
  const createDocument = await documentFactory();
  const { text } = decodeText(bytes);
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      columns: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as Record<string, string>[];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LoadError("parse_error", `not valid CSV: ${reason}`, error);
  }
  const first = rows[0];
  if (textField && first && !(textField in first)) {
    throw new LoadError(
      "parse_error",
      `no column "${textField}" (columns: ${Object.keys(first).join(", ")})`,
    );
  }
  const documents = rows.map((row, index) => {
    if (textField) {
      const { [textField]: body = "", ...fields } = row;
      return createDocument(body, source, "csv", { row: index + 1, fields });
    }
    const body = Object.entries(row)
      .filter(([, value]) => value !== "")
      .map(([column, value]) => `${column}: ${value}`)
      .join("\n");
    return createDocument(body, source, "csv", { row: index + 1 });
  });
  return { documents, warnings: [] };
};
