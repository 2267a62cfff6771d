import { describe, expect, it } from "vitest";
import { fetchHttpClient } from "../../../src/gateway/http/index.js";

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

describe("fetch http client", () => {
  it("hands fetch the caller's signal, so aborting it fails the call", async () => {
    const { fetchImpl, signals } = recordingFetch();
    const controller = new AbortController();
    const call = fetchHttpClient(fetchImpl).request("http://127.0.0.1:1/v1/x", {
      method: "POST",
      headers: {},
      signal: controller.signal,
    });
    expect(signals[0]).toBe(controller.signal);
    controller.abort(new Error("client gone"));
    await expect(call).rejects.toThrow("client gone");
  });

  it("answers with the body when not aborted, and passes no signal as none", async () => {
    const { fetchImpl, signals } = recordingFetch();
    const client = fetchHttpClient(fetchImpl);
    const plain = await client.request("http://x/", { method: "GET", headers: {} });
    expect(await plain.text()).toBe("{}");
    expect(signals[0]).toBeUndefined();
  });
});
