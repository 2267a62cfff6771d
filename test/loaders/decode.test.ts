import { describe, expect, it } from "vitest";
import { decodeText } from "../../loaders/decode.js";
import { LoadError } from "../../loaders/load-error.js";

const text = "Café déjà vu — 東京";

function utf16be(value: string): Buffer {
  const le = Buffer.from(value, "utf16le");
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

describe("decodeText", () => {
  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeText(Buffer.from(text, "utf8"))).toEqual({ text, encoding: "utf-8" });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    expect(decodeText(bom)).toEqual({ text, encoding: "utf-8-bom" });
  });

  it("reads UTF-16 LE and BE with a BOM", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(decodeText(le)).toEqual({ text, encoding: "utf-16le" });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]);
    expect(decodeText(be)).toEqual({ text, encoding: "utf-16be" });
  });

  it("reports invalid UTF-8 as undecodable, naming the encoding", () => {
    const latin1 = Buffer.from("Caf\xe9 cr\xe8me", "latin1");
    expect(() => decodeText(latin1)).toThrow(LoadError);
    expect(() => decodeText(latin1)).toThrow(/not valid utf-8/);
    try {
      decodeText(latin1);
    } catch (error) {
      expect((error as LoadError).reason).toBe("undecodable");
    }
  });

  it("reports NUL bytes without a UTF-16 BOM as binary", () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d]);
    expect(() => decodeText(bytes)).toThrow(/binary content/);
  });

  it("reports an odd-length UTF-16 body as undecodable", () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42]);
    expect(() => decodeText(bytes)).toThrow(/not valid utf-16le/);
  });
});
