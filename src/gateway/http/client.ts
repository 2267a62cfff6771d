/** What the gateway sends to a provider (or the guard API). */
export interface HttpRequestInit {
  readonly method: "POST" | "GET";
  readonly headers: Readonly<Record<string, string>>;
  /** A serialised body (sent as is) or a multipart form. */
  readonly body?: string | FormData;
  /** Aborts the request, or the reading of its body, at any time. */
  readonly signal?: AbortSignal;
}

/** An answer whose body has not been read yet; read it once, as text or as chunks. */
export interface HttpResponse {
  readonly status: number;
  readonly ok: boolean;
  /** One response header (lower-case name), if present. */
  header(name: string): string | undefined;
  text(): Promise<string>;
  /** The body's bytes as they arrive. */
  chunks(): AsyncIterable<Uint8Array>;
}

/**
 * The upstream HTTP client: the default keeps connections alive through `node:http` agents
 * ({@link createNodeHttpClient}); {@link fetchHttpClient} wraps any `fetch` (tests inject one).
 */
export interface HttpClient {
  request(url: string, init: HttpRequestInit): Promise<HttpResponse>;
  /** Close idle connections (the gateway calls it on close). */
  close(): void;
}
