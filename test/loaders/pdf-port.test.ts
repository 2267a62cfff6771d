import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { importPdfParse, loadPdf } from "../../loaders/pdf.js";
import { copyMessage, InThreadPort, type PortMessage } from "../../loaders/pdf-port.js";
import { fixturePath } from "./helpers.js";

describe("copyMessage", () => {
  it("copies plain objects and arrays deeply, as structuredClone does", () => {
    const styles = Object.create(null) as Record<string, unknown>;
    styles.f1 = { fontFamily: "sans-serif", ascent: 0.7 };
    const message = {
      items: [{ str: "Hello", transform: [11, 0, 0, 11, 72, 700.5], hasEOL: false }],
      styles,
      lang: null,
      missing: undefined,
    };
    const copy = copyMessage(message) as typeof message;
    expect(copy).toEqual(structuredClone(message));
    expect(copy).not.toBe(message);
    expect(copy.items[0]).not.toBe(message.items[0]);
    expect(copy.items[0]!.transform).not.toBe(message.items[0]!.transform);
    expect(Object.getPrototypeOf(copy.styles)).toBe(Object.prototype);
    message.items.length = 0;
    expect(copy.items).toHaveLength(1);
  });

  it("keeps shared and circular references", () => {
    const shared = { name: "shared" };
    const node: Record<string, unknown> = { left: shared, right: shared };
    node.self = node;
    const copy = copyMessage(node) as Record<string, unknown>;
    expect(copy.left).toBe(copy.right);
    expect(copy.left).not.toBe(shared);
    expect(copy.self).toBe(copy);
  });

  it("moves transferred buffers and copies the others", () => {
    const moved = new Uint8Array([1, 2, 3]);
    const kept = new Uint8Array([4, 5, 6]);
    const copy = copyMessage({ moved, kept, map: new Map([["a", 1]]) }, [moved.buffer]) as {
      moved: Uint8Array;
      kept: Uint8Array;
      map: Map<string, number>;
    };
    expect(copy.moved).toBe(moved);
    expect(copy.kept).not.toBe(kept);
    expect([...copy.kept]).toEqual([4, 5, 6]);
    expect(copy.map.get("a")).toBe(1);
  });
});

describe("InThreadPort", () => {
  it("delivers copies later, in order, to every listener until removed or terminated", async () => {
    const port = new InThreadPort();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const controller = new AbortController();
    port.addEventListener("message", (event: PortMessage) => first.push(event.data));
    port.addEventListener("message", (event: PortMessage) => second.push(event.data), {
      signal: controller.signal,
    });
    const sent = { n: 1 };
    port.postMessage(sent);
    port.postMessage({ n: 2 });
    expect(first).toEqual([]);
    await Promise.resolve();
    expect(first).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first[0]).not.toBe(sent);
    controller.abort();
    port.postMessage({ n: 3 });
    await Promise.resolve();
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(2);
    port.terminate();
    port.postMessage({ n: 4 });
    await Promise.resolve();
    expect(first).toHaveLength(3);
  });
});

describe("loadPdf over an InThreadPort", () => {
  it("gives the text pdf.js's own in-thread worker gives", async () => {
    const source = "manual/tidewater-admin-manual.pdf";
    const bytes = await readFile(fixturePath(source));
    const { PDFParse } = await importPdfParse();
    const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 });
    const reference = await parser.getText({ pageJoiner: "" }).finally(() => parser.destroy());
    const { documents } = await loadPdf(bytes, { source });
    expect(documents.map((doc) => doc.pageContent)).toEqual(
      reference.pages.map((page) => page.text),
    );
  });

  it("starts pdf.js's worker side on the port it is given", async () => {
    const { openWorker } = await importPdfParse();
    const port = new InThreadPort();
    const received: unknown[] = [];
    port.addEventListener("message", (event: PortMessage) => received.push(event.data));
    const worker = openWorker(port);
    try {
      expect(worker).toBeDefined();
      await worker!.promise;
      await new Promise((resolve) => setTimeout(resolve, 0));
      // The worker side says "ready"; the API side sends "configure".
      expect(received.length).toBeGreaterThan(0);
    } finally {
      worker?.destroy();
      port.terminate();
    }
  });
});
