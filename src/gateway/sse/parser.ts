/**
 * One Server-Sent Events parser for every upstream (OpenAI, Anthropic, Gemini `alt=sse`), following
 * the WHATWG event-stream rules: LF, CRLF or CR line ends, multi-line `data:`, `:` comments, and
 * records split anywhere across network chunks.
 */

/** One dispatched SSE record; `event` is absent when the stream names none. */
export interface SSERecord {
  event?: string;
  data: string;
  id?: string;
}

/** Incremental parser: feed text with `push`, call `flush` at end of stream. */
export interface SSEParser {
  push(text: string): SSERecord[];
  flush(): SSERecord[];
}

interface PendingRecord {
  event: string | undefined;
  data: string[];
  id: string | undefined;
}

function emptyRecord(): PendingRecord {
  return { event: undefined, data: [], id: undefined };
}

function dispatch(pending: PendingRecord, out: SSERecord[]): void {
  if (pending.data.length === 0) return;
  const record: SSERecord = { data: pending.data.join("\n") };
  if (pending.event !== undefined && pending.event !== "") record.event = pending.event;
  if (pending.id !== undefined) record.id = pending.id;
  out.push(record);
}

function applyField(pending: PendingRecord, line: string): void {
  if (line.startsWith(":")) return;
  const colon = line.indexOf(":");
  const field = colon === -1 ? line : line.slice(0, colon);
  let value = colon === -1 ? "" : line.slice(colon + 1);
  if (value.startsWith(" ")) value = value.slice(1);
  if (field === "data") pending.data.push(value);
  else if (field === "event") pending.event = value;
  else if (field === "id" && !value.includes("\0")) pending.id = value;
  // `retry` and unknown fields are ignored, as the standard says.
}

/**
 * Create an incremental SSE parser.
 * @example
 * const parser = createSSEParser();
 * parser.push("event: ping\ndata: {}\n"); // []
 * parser.push("\n"); // [{ event: "ping", data: "{}" }]
 */
export function createSSEParser(): SSEParser {
  // The unfinished line, kept as pieces: a long line arriving in many chunks is joined once,
  // when its end arrives, instead of being copied and rescanned on every chunk.
  let pieces: string[] = [];
  let pending = emptyRecord();
  let started = false;

  const handleLine = (line: string, out: SSERecord[]): void => {
    if (line === "") {
      dispatch(pending, out);
      pending = emptyRecord();
    } else {
      applyField(pending, line);
    }
  };

  return {
    push(input) {
      let text = input;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith("\uFEFF")) text = text.slice(1);
      }
      const waitingCR = pieces.at(-1)?.endsWith("\r") ?? false;
      if (!waitingCR && !/[\r\n]/.test(text)) {
        if (text !== "") pieces.push(text);
        return [];
      }
      const buffer = pieces.join("") + text;
      const out: SSERecord[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== "\n" && ch !== "\r") continue;
        // A CR as the last character may be the first half of a CRLF split across chunks.
        if (ch === "\r" && i === buffer.length - 1) break;
        handleLine(buffer.slice(start, i), out);
        if (ch === "\r" && buffer[i + 1] === "\n") i++;
        start = i + 1;
      }
      const rest = buffer.slice(start);
      pieces = rest === "" ? [] : [rest];
      return out;
    },
    flush() {
      const out: SSERecord[] = [];
      let rest = pieces.join("");
      pieces = [];
      if (rest.endsWith("\r")) rest = rest.slice(0, -1);
      if (rest !== "") handleLine(rest, out);
      // A record not closed by a blank line at end of stream is still delivered: upstreams that
      // end without the final blank line should not lose their last event.
      dispatch(pending, out);
      pending = emptyRecord();
      return out;
    },
  };
}

/** Byte or text source accepted by {@link parseSSEStream}. */
export type SSESource =
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/**
 * Parse a byte stream (a fetch body, a Node stream, or chunks) into SSE records.
 * @example
 * for await (const record of parseSSEStream(response.body!)) console.log(record.data);
 */
export async function* parseSSEStream(source: SSESource): AsyncGenerator<SSERecord> {
  const parser = createSSEParser();
  const decoder = new TextDecoder("utf-8");
  const iterable = source as AsyncIterable<Uint8Array | string>;
  for await (const chunk of iterable) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    yield* parser.push(text);
  }
  yield* parser.push(decoder.decode());
  yield* parser.flush();
}
