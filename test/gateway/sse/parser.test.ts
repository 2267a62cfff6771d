import { describe, expect, it } from "vitest";
import { createSSEParser, parseSSEStream } from "../../../src/gateway/sse/parser.js";

const encoder = new TextEncoder();

async function collect(chunks: Array<string | Uint8Array>) {
  const records = [];
  for await (const record of parseSSEStream(chunks)) records.push(record);
  return records;
}

describe("createSSEParser", () => {
  it("parses OpenAI data frames and the [DONE] terminator", () => {
    const parser = createSSEParser();
    const out = parser.push('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(out).toEqual([{ data: '{"a":1}' }, { data: "[DONE]" }]);
  });

  it("parses Anthropic named events", () => {
    const parser = createSSEParser();
    const out = parser.push(
      'event: message_start\ndata: {"type":"message_start"}\n\nevent: ping\ndata: {"type": "ping"}\n\n',
    );
    expect(out).toEqual([
      { event: "message_start", data: '{"type":"message_start"}' },
      { event: "ping", data: '{"type": "ping"}' },
    ]);
  });

  it("handles CRLF line ends as Gemini sends them", () => {
    const parser = createSSEParser();
    const out = parser.push('data: {"candidates":[]}\r\n\r\ndata: {"x":2}\r\n\r\n');
    expect(out).toEqual([{ data: '{"candidates":[]}' }, { data: '{"x":2}' }]);
  });

  it("handles a CRLF split between two chunks and bare CR line ends", () => {
    const parser = createSSEParser();
    expect(parser.push("data: one\r")).toEqual([]);
    // The trailing CR could still be half of a CRLF, so the blank line waits for the next byte.
    expect(parser.push("\n\r")).toEqual([]);
    expect(parser.push("data: two\r\r")).toEqual([{ data: "one" }]);
    expect(parser.push("\n")).toEqual([{ data: "two" }]);
  });

  it("joins multi-line data with newlines and ignores comments, ids and retry", () => {
    const parser = createSSEParser();
    const out = parser.push(": keep-alive\n\ndata: line1\ndata:line2\ndata\nid: 7\nretry: 10\n\n");
    expect(out).toEqual([{ data: "line1\nline2\n", id: "7" }]);
  });

  it("reassembles a record split at every character", () => {
    const parser = createSSEParser();
    const text = 'event: content_block_delta\r\ndata: {"text":"héllo"}\r\n\r\n';
    const out = [...text].flatMap((ch) => parser.push(ch));
    expect(out).toEqual([{ event: "content_block_delta", data: '{"text":"héllo"}' }]);
  });

  it("delivers a last record not closed by a blank line at flush", () => {
    const parser = createSSEParser();
    expect(parser.push("data: tail")).toEqual([]);
    expect(parser.flush()).toEqual([{ data: "tail" }]);
  });

  it("reassembles one very long data line that arrives in many small pieces", () => {
    const image = "A".repeat(2_000_000);
    const text = `data: {"inlineData":{"data":"${image}"}}\r\n\r\n`;
    const parser = createSSEParser();
    const out = [];
    for (let i = 0; i < text.length; i += 4096) out.push(...parser.push(text.slice(i, i + 4096)));
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]?.data ?? "").inlineData.data).toHaveLength(2_000_000);
  });

  it("strips a leading byte order mark and skips records with no data", () => {
    const parser = createSSEParser();
    expect(parser.push("\uFEFFevent: empty\n\ndata: x\n\n")).toEqual([{ data: "x" }]);
  });
});

describe("parseSSEStream", () => {
  it("decodes UTF-8 split inside a multi-byte character", async () => {
    const bytes = encoder.encode('data: {"t":"日本"}\n\n');
    const records = await collect([bytes.slice(0, 12), bytes.slice(12, 13), bytes.slice(13)]);
    expect(records).toEqual([{ data: '{"t":"日本"}' }]);
  });

  it("reads a web ReadableStream", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("event: a\ndata: 1\n"));
        controller.enqueue(encoder.encode("\ndata: 2\n\n"));
        controller.close();
      },
    });
    const records = [];
    for await (const record of parseSSEStream(stream)) records.push(record);
    expect(records).toEqual([{ event: "a", data: "1" }, { data: "2" }]);
  });
});
