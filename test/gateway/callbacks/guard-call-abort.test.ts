import { describe, expect, it } from "vitest";
import { GuardCallAbort } from "../../../src/gateway/callbacks/guard-call-abort.js";
import type { AbortHandle } from "../../../src/gateway/http/index.js";

/** A client side that is an AbortHandle, as the gateway's own connection watcher is. */
class ClientHandle implements AbortHandle {
  aborted = false;
  reason: unknown;
  readonly listeners: Array<() => void> = [];
  onAbort(listener: () => void): void {
    this.listeners.push(listener);
  }
  offAbort(listener: () => void): void {
    const index = this.listeners.indexOf(listener);
    if (index >= 0) this.listeners.splice(index, 1);
  }
  abort(reason: Error): void {
    this.aborted = true;
    this.reason = reason;
    for (const listener of [...this.listeners]) listener();
  }
}

describe("GuardCallAbort", () => {
  it("aborts with the client's reason, running its listeners once, in order", () => {
    const client = new AbortController();
    const abort = new GuardCallAbort(60_000, client.signal);
    const calls: string[] = [];
    abort.onAbort(() => calls.push("request"));
    abort.onAbort(() => calls.push("body"));
    const gone = new Error("client disconnected");
    client.abort(gone);
    client.abort(new Error("again"));
    expect(abort.aborted).toBe(true);
    expect(abort.timedOut).toBe(false);
    expect(abort.reason).toBe(gone);
    expect(calls).toEqual(["request", "body"]);
    abort.onAbort(() => calls.push("late"));
    expect(calls).toEqual(["request", "body"]);
    expect(abort.timedList).toBeUndefined();
  });

  it("follows a client that is an AbortHandle, and starts aborted when the client is gone", () => {
    const client = new ClientHandle();
    const abort = new GuardCallAbort(60_000, client);
    expect(client.listeners).toHaveLength(1);
    client.abort(new Error("client disconnected"));
    expect(abort.aborted).toBe(true);
    expect(client.listeners).toHaveLength(0);
    const late = new GuardCallAbort(60_000, client);
    expect(late.aborted).toBe(true);
    expect(late.reason).toBe(client.reason);
    expect(late.timedList).toBeUndefined();
  });

  it("times out with a timeout reason", async () => {
    const abort = new GuardCallAbort(10);
    await new Promise<void>((resolve) => abort.onAbort(resolve));
    expect(abort.timedOut).toBe(true);
    expect((abort.reason as Error).message).toBe("guard API timeout");
  });

  it("once done, neither the timeout nor the client can abort it", () => {
    const client = new ClientHandle();
    const abort = new GuardCallAbort(60_000, client);
    let ran = false;
    abort.onAbort(() => {
      ran = true;
    });
    expect(abort.timedList).toBeDefined();
    abort.done();
    expect(abort.timedList).toBeUndefined();
    expect(client.listeners).toHaveLength(0);
    client.abort(new Error("client disconnected"));
    expect(abort.aborted).toBe(false);
    expect(ran).toBe(false);
  });

  it("drops a listener taken back before the abort", () => {
    const client = new AbortController();
    const abort = new GuardCallAbort(60_000, client.signal);
    const calls: string[] = [];
    const first = () => calls.push("first");
    abort.onAbort(first);
    abort.onAbort(() => calls.push("second"));
    abort.offAbort(first);
    client.abort(new Error("gone"));
    expect(calls).toEqual(["second"]);
  });
});
