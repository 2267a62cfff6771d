import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { abortReason } from "./abort.js";
import type { HttpClient, HttpRequestInit, HttpResponse } from "./client.js";

interface Target {
  readonly secure: boolean;
  readonly hostname: string;
  readonly port: string;
  readonly path: string;
}

/** The parts of `url` node:http needs; only http and https are accepted. */
function parseTarget(url: string): Target {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TypeError(`unsupported protocol ${parsed.protocol} in ${parsed.origin}`);
  }
  return {
    secure: parsed.protocol === "https:",
    // `[::1]` → `::1`: node:http wants the bare address.
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port,
    path: `${parsed.pathname}${parsed.search}`,
  };
}

/** A multipart form as bytes and its content type (with the boundary), via the web `Response`. */
async function encodeForm(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type") ?? "multipart/form-data";
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType };
}

/** Tries of one call over reused connections found closed, before the error is final. */
const maxStaleRetries = 4;

/** The provider closed a reused connection before answering (its idle timeout won the race). */
class StaleConnectionError extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

function wrapResponse(message: IncomingMessage): HttpResponse {
  return {
    status: message.statusCode ?? 0,
    ok: (message.statusCode ?? 0) >= 200 && (message.statusCode ?? 0) < 300,
    header: (name) => {
      const value = message.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    text: () =>
      new Promise<string>((resolve, reject) => {
        const parts: Buffer[] = [];
        message.on("data", (chunk: Buffer) => parts.push(chunk));
        message.once("end", () => resolve(Buffer.concat(parts).toString("utf8")));
        message.once("error", reject);
        message.once("close", () => {
          if (!message.complete) reject(new Error("the answer was cut off"));
        });
      }),
    chunks: () => message,
  };
}

/**
 * The default {@link HttpClient}: `node:http`/`node:https` with keep-alive agents (connections to
 * a provider are reused across calls). Aborting the signal destroys the request and its socket,
 * so the provider sees the client go away.
 */
export function createNodeHttpClient(): HttpClient {
  const agents = {
    http: new HttpAgent({ keepAlive: true, scheduling: "lifo" }),
    https: new HttpsAgent({ keepAlive: true, scheduling: "lifo" }),
  };

  const send = async (url: string, init: HttpRequestInit): Promise<HttpResponse> => {
    const target = parseTarget(url);
    const headers: Record<string, string | number> = { ...init.headers };
    let payload: string | Buffer | undefined;
    if (init.body instanceof FormData) {
      const form = await encodeForm(init.body);
      headers["content-type"] = form.contentType;
      payload = form.bytes;
    } else {
      payload = init.body;
    }
    if (payload !== undefined) headers["content-length"] = Buffer.byteLength(payload);
    const signal = init.signal;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortReason(signal);
      try {
        return await sendOnce(target, init.method, headers, payload, signal);
      } catch (error) {
        // A kept-alive connection the provider closed while it sat idle: the request never
        // reached it, so it goes again (the agent drops the dead socket; in the end a new one).
        if (!(error instanceof StaleConnectionError) || attempt >= maxStaleRetries) {
          throw error instanceof StaleConnectionError ? error.error : error;
        }
      }
    }
  };

  const sendOnce = (
    target: Target,
    method: HttpRequestInit["method"],
    headers: Record<string, string | number>,
    payload: string | Buffer | undefined,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse> =>
    new Promise<HttpResponse>((resolve, reject) => {
      const request = (target.secure ? httpsRequest : httpRequest)({
        agent: target.secure ? agents.https : agents.http,
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method,
        headers,
      });
      const onAbort = () => request.destroy(abortReason(signal as AbortSignal));
      signal?.addEventListener("abort", onAbort, { once: true });
      const release = () => signal?.removeEventListener("abort", onAbort);
      let answered = false;
      request.on("error", (error: NodeJS.ErrnoException) => {
        release();
        const stale =
          !answered &&
          request.reusedSocket &&
          !signal?.aborted &&
          (error.code === "ECONNRESET" || error.code === "EPIPE");
        reject(stale ? new StaleConnectionError(error) : error);
      });
      request.once("response", (message) => {
        answered = true;
        // The signal keeps watching until the body is read (or the socket closes).
        message.once("close", release);
        message.on("error", release);
        resolve(wrapResponse(message));
      });
      request.end(payload);
    });

  return {
    request: send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
