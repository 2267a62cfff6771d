import type { Connection, Table } from "@lancedb/lancedb";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { VectorStore } from "@langchain/core/vectorstores";

/** What LangChain passes with added documents (their ids, from `index()`). */
type AddDocumentOptions = { ids?: string[] };

/** One row of the table: the chunk's id, vector, text, source and metadata (as JSON). */
interface ChunkRow extends Record<string, unknown> {
  id: string;
  vector: number[];
  text: string;
  source: string;
  metadata: string;
}

/** A SQL string literal for LanceDB's filter language. */
const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A LangChain `VectorStore` over an embedded LanceDB table (`@lancedb/lancedb`; no server): rows
 * `{ id, vector, text, source, metadata }`, metadata kept as a JSON string so any shape fits.
 * The table is made on the first write. LangChain's `index()` drives it through `addDocuments`
 * with ids and `delete({ ids })`.
 *
 * @example
 * const store = await LanceDbStore.open("./vectors", "chunks", embeddings);
 * const hits = await store.similaritySearch("refund policy", 4);
 */
export class LanceDbStore extends VectorStore {
  declare FilterType: string;
  private table: Table | undefined;

  private constructor(
    embeddings: EmbeddingsInterface,
    private readonly connection: Connection,
    private readonly tableName: string,
  ) {
    super(embeddings, {});
  }

  /** Open (or prepare to create) `tableName` in the LanceDB folder `dir`. */
  static async open(
    dir: string,
    tableName: string,
    embeddings: EmbeddingsInterface,
  ): Promise<LanceDbStore> {
    const { connect } = await import("@lancedb/lancedb");
    const connection = await connect(dir);
    const store = new LanceDbStore(embeddings, connection, tableName);
    if ((await connection.tableNames()).includes(tableName)) {
      store.table = await connection.openTable(tableName);
    }
    return store;
  }

  _vectorstoreType(): string {
    return "lancedb";
  }

  async addDocuments(documents: DocumentInterface[], options?: AddDocumentOptions) {
    const vectors = await this.embeddings.embedDocuments(documents.map((d) => d.pageContent));
    return this.addVectors(vectors, documents, options);
  }

  async addVectors(
    vectors: number[][],
    documents: DocumentInterface[],
    options?: AddDocumentOptions,
  ): Promise<string[]> {
    const ids = options?.ids ?? documents.map(() => crypto.randomUUID());
    const rows: ChunkRow[] = documents.map((document, index) => ({
      id: ids[index]!,
      vector: vectors[index]!,
      text: document.pageContent,
      source: String(document.metadata.source ?? ""),
      metadata: JSON.stringify(document.metadata),
    }));
    if (rows.length === 0) return [];
    if (this.table === undefined) {
      this.table = await this.connection.createTable(this.tableName, rows);
    } else {
      // Same id again (a forced update): replace the row.
      await this.deleteIds(ids);
      await this.table.add(rows);
    }
    return ids;
  }

  override async delete(params?: { ids?: string[] }): Promise<void> {
    if (params?.ids !== undefined) await this.deleteIds(params.ids);
  }

  async similaritySearchVectorWithScore(
    query: number[],
    k: number,
    filter?: string,
  ): Promise<[Document, number][]> {
    if (this.table === undefined) return [];
    let search = this.table.search(query).limit(k);
    if (filter !== undefined) search = search.where(filter);
    const rows = (await search.toArray()) as Array<ChunkRow & { _distance: number }>;
    return rows.map((row) => [
      new Document({
        id: row.id,
        pageContent: row.text,
        metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      }),
      row._distance,
    ]);
  }

  /** Rows in the table (0 before the first write). */
  async count(): Promise<number> {
    return this.table === undefined ? 0 : this.table.countRows();
  }

  private async deleteIds(ids: readonly string[]): Promise<void> {
    if (this.table === undefined || ids.length === 0) return;
    for (let start = 0; start < ids.length; start += 500) {
      const part = ids.slice(start, start + 500).map(sqlString);
      await this.table.delete(`id IN (${part.join(", ")})`);
    }
  }
}
