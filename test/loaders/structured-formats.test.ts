import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadCsv } from "../../loaders/csv.js";
import { findText, loadJson, loadJsonl } from "../../loaders/json.js";
import { fixturePath } from "./helpers.js";

describe("loadCsv", () => {
  it("gives one document per row with every column as header: value lines", async () => {
    const source = "support/tickets.csv";
    const { documents } = await loadCsv(await readFile(fixturePath(source)), { source });
    expect(documents).toHaveLength(12);
    expect(documents[0]!.metadata).toEqual({ source, loader: "csv", row: 1 });
    expect(documents[0]!.pageContent).toContain("ticket_id: T-48190");
    expect(documents[0]!.pageContent).toContain("subject: Snowflake stage files piling up");
    // Empty cells are left out rather than rendered as "contact_email: ".
    expect(documents[1]!.pageContent).not.toContain("contact_email");
  });

  it("uses one column as text with textField and keeps the others as fields", async () => {
    const { documents } = await loadCsv(Buffer.from("id,body\n1,hello\n2,world\n"), {
      source: "t.csv",
      textField: "body",
    });
    expect(documents.map((doc) => doc.pageContent)).toEqual(["hello", "world"]);
    expect(documents[1]!.metadata).toMatchObject({ row: 2, fields: { id: "2" } });
  });

  it("reports a missing text column and broken quoting", async () => {
    await expect(
      loadCsv(Buffer.from("id,body\n1,hello\n"), { source: "t.csv", textField: "text" }),
    ).rejects.toThrow(/no column "text" \(columns: id, body\)/);
    await expect(
      loadCsv(Buffer.from('id,body\n1,"unclosed\n'), { source: "t.csv" }),
    ).rejects.toMatchObject({ reason: "parse_error" });
  });
});

describe("loadJson", () => {
  it("finds the text field of each record and keeps scalar fields as metadata", async () => {
    const source = "data/kb-articles.json";
    const { documents } = await loadJson(await readFile(fixturePath(source)), { source });
    expect(documents).toHaveLength(4);
    expect(documents[0]!.metadata).toMatchObject({
      source,
      loader: "json",
      id: "KB-101",
      title: "Restoring destination grants",
      record: 1,
      textField: "body",
    });
    expect(documents[0]!.metadata.body).toBeUndefined();
  });

  it("follows a dot path given as textField and warns about records without it", async () => {
    const bytes = Buffer.from(JSON.stringify([{ page: { body: "one" } }, { page: {} }]));
    const { documents, warnings } = await loadJson(bytes, {
      source: "p.json",
      textField: "page.body",
    });
    expect(documents.map((doc) => doc.pageContent)).toEqual(["one"]);
    expect(warnings).toEqual(['record 2: no field "page.body"; skipped']);
  });

  it("falls back to the longest string field", () => {
    expect(findText({ a: "short", b: "the longest value", n: 3 })).toEqual({
      text: "the longest value",
      field: "b",
    });
  });

  it("reports invalid JSON", async () => {
    await expect(loadJson(Buffer.from("{ nope"), { source: "x.json" })).rejects.toThrow(
      /not valid JSON/,
    );
  });
});

describe("loadJsonl", () => {
  it("gives one document per line with its line number", async () => {
    const source = "web/pages.jsonl";
    const { documents } = await loadJsonl(await readFile(fixturePath(source)), { source });
    expect(documents).toHaveLength(8);
    expect(documents[2]!.metadata).toMatchObject({
      line: 3,
      title: "Five ways to cut warehouse costs",
    });
  });

  it("skips a bad line with a warning and keeps the rest", async () => {
    const bytes = Buffer.from('{"text":"a"}\n{broken\n\n{"text":"b"}\n');
    const { documents, warnings } = await loadJsonl(bytes, { source: "x.jsonl" });
    expect(documents.map((doc) => doc.pageContent)).toEqual(["a", "b"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^line 2: not valid JSON/);
  });

  it("fails a file without a single valid line", async () => {
    await expect(loadJsonl(Buffer.from("nope\nnever\n"), { source: "x.jsonl" })).rejects.toThrow(
      /no valid JSON lines/,
    );
  });
});
