import { Embeddings, type EmbeddingsParams } from "@langchain/core/embeddings";
import { z } from "zod";

/** Counts of an embeddings client's work, for the run's report. */
export interface EmbeddingStats {
  /** HTTP requests that were answered with vectors. */
  requests: number;
  /** Texts embedded. */
  texts: number;
  /** Requests that failed and were tried again. */
  retries: number;
}

export interface OpenAICompatibleEmbeddingsOptions extends EmbeddingsParams {
  /** The API base, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Texts per request (default 128). */
  batchSize?: number;
  /** Per-request time limit in ms (default 60 s). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one). */
  fetch?: typeof fetch;
}

/** The body of an OpenAI `POST /embeddings` answer (what every compatible server sends). */
const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

/** An HTTP failure with its status, which LangChain's retry policy reads (4xx but 429: no retry). */
class EmbeddingsHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "EmbeddingsHttpError";
  }
}

/**
 * LangChain `Embeddings` over any OpenAI-compatible `POST {baseUrl}/embeddings` endpoint:
 * ragguard's gateway, OpenAI, Ollama, vLLM. Texts go in batches; a failed request is retried with
 * back-off by LangChain's `AsyncCaller` (`maxRetries`, default 6; 4xx answers other than 408/429
 * fail at once). `stats` counts the requests, texts and retries.
 *
 * @example
 * const embeddings = new OpenAICompatibleEmbeddings({ baseUrl: "http://127.0.0.1:4000/v1", model: "embed" });
 * const [vector] = await embeddings.embedDocuments(["hello"]);
 */
export class OpenAICompatibleEmbeddings extends Embeddings {
  readonly stats: EmbeddingStats = { requests: 0, texts: 0, retries: 0 };
  private readonly url: string;
  private readonly headers: Record<string, string>;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OpenAICompatibleEmbeddingsOptions) {
    super({ maxRetries: 6, ...options });
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;
    this.headers = { "content-type": "application/json" };
    if (options.apiKey) this.headers.authorization = `Bearer ${options.apiKey}`;
    this.batchSize = options.batchSize ?? 128;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      let tries = 0;
      const answer = await this.caller.call(() => {
        if (tries++ > 0) this.stats.retries += 1;
        return this.request(batch);
      });
      vectors.push(...answer);
    }
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedDocuments([text]);
    return vector ?? [];
  }

  private async request(input: string[]): Promise<number[][]> {
    const response = await this.fetchImpl(this.url, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify({ model: this.options.model, input }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new EmbeddingsHttpError(
        `embeddings endpoint ${this.url} answered HTTP ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    const parsed = embeddingsResponseSchema.safeParse(JSON.parse(text));
    if (!parsed.success || parsed.data.data.length !== input.length) {
      throw new EmbeddingsHttpError(
        `embeddings endpoint ${this.url} answered without one embedding per input`,
        502,
      );
    }
    this.stats.requests += 1;
    this.stats.texts += input.length;
    return [...parsed.data.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
  }
}
