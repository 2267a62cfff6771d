import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the fake upstream received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON (throws if it is not JSON). */
  json(): Record<string, unknown>;
}

export type UpstreamHandler = (
  request: RecordedRequest,
  res: ServerResponse,
) => void | Promise<void>;

/** A fake provider on 127.0.0.1 that records every request and answers with `handler`. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Replace the handler (per test). */
  handle(handler: UpstreamHandler): void;
  /** Resolves at the next request whose connection the gateway closes before the answer ended. */
  nextAbort(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/** Start a fake upstream. */
export async function startFakeUpstream(initial: UpstreamHandler): Promise<FakeUpstream> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  let abortWaiters: Array<(request: RecordedRequest) => void> = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body,
      json: () => JSON.parse(body.toString("utf8")) as Record<string, unknown>,
    };
    requests.push(recorded);
    res.on("close", () => {
      if (res.writableFinished) return;
      for (const resolve of abortWaiters) resolve(recorded);
      abortWaiters = [];
    });
    try {
      await handler(recorded, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextAbort: () =>
      new Promise<RecordedRequest>((resolve) => {
        abortWaiters.push(resolve);
      }),
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answer with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Answer with SSE frames (each a full `event:`/`data:` record), with a short pause between. */
export async function sendSSE(
  res: ServerResponse,
  frames: readonly string[],
  pauseMs = 0,
): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const frame of frames) {
    if (res.destroyed) return;
    res.write(frame);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  res.end();
}
