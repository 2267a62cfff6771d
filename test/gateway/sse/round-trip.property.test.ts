import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSSEParser } from "../../../src/gateway/sse/parser.js";
import { formatSSEData, formatSSEEvent } from "../../../src/gateway/sse/writer.js";

const eventName = fc.stringMatching(/^[a-z_]{1,20}$/);
const payload = fc.jsonValue();
const record = fc.record({ event: fc.option(eventName, { nil: undefined }), data: payload });
const lineEnd = fc.constantFrom("\n", "\r\n", "\r");

function frame(r: { event?: string; data: unknown }): string {
  return r.event === undefined ? formatSSEData(r.data) : formatSSEEvent(r.event, r.data);
}

/** Cut `text` at the given fractions into consecutive pieces. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

describe("SSE writer → parser", () => {
  it("returns every record, whatever the line ends and wherever the network splits it", () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 8 }),
        lineEnd,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (records, eol, cuts) => {
          const text = records.map(frame).join("").replaceAll("\n", eol);
          const parser = createSSEParser();
          const parsed = [
            ...split(text, cuts).flatMap((piece) => parser.push(piece)),
            ...parser.flush(),
          ];
          expect(parsed.map((p) => ({ event: p.event, data: JSON.parse(p.data) }))).toEqual(
            records.map((r) => ({ event: r.event, data: JSON.parse(JSON.stringify(r.data)) })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
