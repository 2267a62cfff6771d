import { Document } from "@langchain/core/documents";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { parseConfig } from "../src/common/parse-config.js";
import { chunkId } from "./chunk-id.js";
import { defaultSeparators, splitRecursively } from "./recursive-split.js";
import { segmentEnd, splitChunks } from "./split-chunks.js";
import { plainSeparators, splitKeepingSeparator } from "./split-on-separator.js";
import { type SplitterOptions, splitterOptionsSchema } from "./splitter-options.js";

export { type SplitterOptions, splitterOptionsSchema } from "./splitter-options.js";

type LineRange = { from: number; to: number };

/**
 * LangChain's `RecursiveCharacterTextSplitter` that also gives each chunk a stable `id` (hash of
 * source, index and text) and `metadata.chunk` (its index within its source), keeping the source
 * metadata and `loc.lines`.
 */
export class ChunkSplitter extends RecursiveCharacterTextSplitter {
  /**
   * Documents longer than this are split in segments cut at paragraph (else line, else word)
   * boundaries: LangChain's splitter spreads every chunk of a document into one array call, which
   * overflows the stack at ~100k chunks (a 100 MB text file).
   */
  readonly segmentChars: number;

  /** The length function LangChain set when none was given (code units), else undefined. */
  readonly #defaultLength: ((text: string) => number | Promise<number>) | undefined;

  constructor(
    fields: ConstructorParameters<typeof RecursiveCharacterTextSplitter>[0] & {
      segmentChars?: number;
    } = {},
  ) {
    super(fields);
    this.segmentChars = fields.segmentChars ?? 1_000_000;
    this.#defaultLength = fields.lengthFunction === undefined ? this.lengthFunction : undefined;
  }

  /**
   * LangChain's split at a separator, keeping it: the same pieces, cut with `indexOf` for the
   * default separators instead of a look-ahead regular expression tried at every character (which
   * was ~40% of the splitter's time).
   */
  protected override splitOnSeparator(text: string, separator: string): string[] {
    if (this.keepSeparator && plainSeparators.has(separator)) {
      return splitKeepingSeparator(text, separator);
    }
    return super.splitOnSeparator(text, separator);
  }

  /**
   * True when this splitter has LangChain's defaults but for the sizes (separators, kept
   * separators, length in code units): {@link splitRecursively} then gives its chunks.
   */
  protected get plainSplit(): boolean {
    return (
      this.keepSeparator &&
      this.#defaultLength !== undefined &&
      this.lengthFunction === this.#defaultLength &&
      this.separators.length === defaultSeparators.length &&
      this.separators.every((separator, index) => separator === defaultSeparators[index])
    );
  }

  override async splitText(text: string): Promise<string[]> {
    if (this.plainSplit) return splitRecursively(text, this);
    return super.splitText(text);
  }

  override async splitDocuments(documents: Document[]): Promise<Document[]> {
    if (this.plainSplit) return this.splitPlain(documents);
    const chunks: Document[] = [];
    for (const document of documents) {
      for (const piece of await this.splitLongDocument(document)) chunks.push(piece);
    }
    const counters = new Map<string, number>();
    for (const chunk of chunks) {
      const source = String(chunk.metadata.source ?? "");
      const index = counters.get(source) ?? 0;
      counters.set(source, index + 1);
      chunk.id = chunkId(source, index, chunk.pageContent);
      chunk.metadata = { ...chunk.metadata, chunk: index };
    }
    return chunks;
  }

  /**
   * {@link splitDocuments} for the default separators, in one pass and without `await`s
   * ({@link splitChunks}): the same chunks, ids and metadata.
   */
  private splitPlain(documents: Document[]): Document[] {
    return splitChunks(documents, this, this.segmentChars).map((chunk) => new Document(chunk));
  }

  /** Split one document, segment by segment when it is long, keeping `loc.lines` absolute. */
  private async splitLongDocument(document: Document): Promise<Document[]> {
    const text = document.pageContent;
    if (text.length <= this.segmentChars) return super.splitDocuments([document]);
    const out: Document[] = [];
    let start = 0;
    let lineOffset = 0;
    while (start < text.length) {
      const end = segmentEnd(text, start, this.segmentChars);
      const segment = text.slice(start, end);
      const pieces = await super.splitDocuments([{ ...document, pageContent: segment }]);
      for (const piece of pieces) {
        const lines = (piece.metadata.loc as { lines?: LineRange } | undefined)?.lines;
        if (lines) {
          piece.metadata = {
            ...piece.metadata,
            loc: { lines: { from: lines.from + lineOffset, to: lines.to + lineOffset } },
          };
        }
        out.push(piece);
      }
      lineOffset += segment.split("\n").length - 1;
      start = end;
    }
    return out;
  }
}

/**
 * The ingestion splitter: 1000 characters, no overlap by default (the spec's retrieval pattern).
 * Every chunk is at most `chunkSize` characters.
 *
 * @example
 * const chunks = await createSplitter().splitDocuments(documents);
 * const kept = await createSplitter({ chunkSize: 500 }).pipe(new GuardFilter({ scanners })).invoke(documents);
 */
export function createSplitter(options: SplitterOptions = {}): ChunkSplitter {
  const { chunkSize, chunkOverlap } = parseConfig(splitterOptionsSchema, options, "splitter");
  return new ChunkSplitter({ chunkSize, chunkOverlap });
}
