import { describe, expect, it } from "vitest";
import {
  EvalDataError,
  entityRowSchema,
  labelledRowSchema,
  parseRows,
} from "../../src/eval/dataset.js";

describe("parseRows", () => {
  it("parses labelled rows and skips only blank lines", () => {
    const rows = parseRows(
      '{"text":"a","label":1}\n\n{"text":"b","label":0,"kind":"x"}\n',
      labelledRowSchema,
      "f.jsonl",
    );
    expect(rows).toEqual([
      { text: "a", label: 1 },
      { text: "b", label: 0 },
    ]);
  });

  it("reports every bad line with its number", () => {
    const content = '{"text":"a","label":1}\nnot json\n{"text":"c","label":2}\n{"label":0}\n';
    try {
      parseRows(content, labelledRowSchema, "f.jsonl");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EvalDataError);
      const bad = (error as EvalDataError).badLines.map((line) => line.line);
      expect(bad).toEqual([2, 3, 4]);
      expect((error as Error).message).toMatch(/f\.jsonl: 3 bad row\(s\)/);
      expect((error as Error).message).toMatch(/line 3: label/);
    }
  });

  it("rejects a file without rows", () => {
    expect(() => parseRows("\n\n", labelledRowSchema, "empty.jsonl")).toThrow(/no rows/);
  });

  it("parses entity rows", () => {
    const rows = parseRows(
      '{"text":"Mail ann@example.org","entities":[{"type":"EMAIL_ADDRESS","value":"ann@example.org"}]}',
      entityRowSchema,
      "e.jsonl",
    );
    expect(rows[0]?.entities).toHaveLength(1);
  });
});
