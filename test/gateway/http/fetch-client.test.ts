import { describe, expect, it } from "vitest";
import type { Deployment } from "../../../src/gateway/config/resolve.js";
import { fetchHttpClient } from "../../../src/gateway/http/index.js";
import { AttemptAbort } from "../../../src/gateway/router/attempt-abort.js";

/** A `fetch` that records the signal it was given and answers when it is aborted. */
function recordingFetch() {
  const signals: Array<AbortSignal | undefined> = [];
  const fetchImpl = ((_url: string, init?: RequestInit) => {
    const signal = init?.signal ?? undefined;
    signals.push(signal);
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      setTimeout(() => resolve(new Response("{}")), 20);
    });
  }) as typeof fetch;
  return { fetchImpl, signals };
}

const attemptAbort = () =>
  new AttemptAbort({ provider: "openai", timeoutMs: 60_000 } as Deployment);

describe("fetch http client", () => {
  it("hands fetch a real AbortSignal that follows an attempt's abort handle", async () => {
    const { fetchImpl, signals } = recordingFetch();
    const abort = attemptAbort();
    const call = fetchHttpClient(fetchImpl).request("http://127.0.0.1:1/v1/x", {
      method: "POST",
      headers: {},
      signal: abort,
    });
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(signals[0]?.aborted).toBe(false);
    abort.abort(new Error("client gone"));
    expect(signals[0]?.aborted).toBe(true);
    await expect(call).rejects.toThrow("client gone");
  });

  it("passes an AbortSignal through, an already aborted handle aborted, and none as none", async () => {
    const { fetchImpl, signals } = recordingFetch();
    const client = fetchHttpClient(fetchImpl);
    const controller = new AbortController();
    const plain = await client.request("http://x/", {
      method: "GET",
      headers: {},
      signal: controller.signal,
    });
    expect(await plain.text()).toBe("{}");
    expect(signals[0]).toBe(controller.signal);

    const gone = attemptAbort();
    gone.abort(new Error("gone before"));
    await expect(
      client.request("http://x/", { method: "GET", headers: {}, signal: gone }),
    ).rejects.toThrow("gone before");
    expect(signals[1]?.aborted).toBe(true);

    await client.request("http://x/", { method: "GET", headers: {} });
    expect(signals[2]).toBeUndefined();
  });
});
