import { describe, expect, it } from "vitest";
import type { Deployment } from "../../../src/gateway/config/resolve.js";
import { UpstreamError } from "../../../src/gateway/errors.js";
import { AttemptAbort } from "../../../src/gateway/router/attempt-abort.js";
import { DeadlineList, type Timed } from "../../../src/gateway/router/deadlines.js";

const deployment = (timeoutMs: number): Deployment => ({
  id: "m#0",
  modelName: "m",
  provider: "openai",
  modelId: "gpt-4o",
  apiKey: undefined,
  apiBase: undefined,
  apiVersion: undefined,
  timeoutMs,
  maxRetries: 0,
  defaults: {},
  configPath: "model_list[0]",
});

/** A list entry that records when it expired. */
function entry(name: string, expired: string[]): Timed & { expiredAt?: number } {
  const timed: Timed & { expiredAt?: number } = {
    deadlineAt: 0,
    prevTimed: undefined,
    nextTimed: undefined,
    timedList: undefined,
    expire() {
      timed.expiredAt = performance.now();
      expired.push(name);
    },
  };
  return timed;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("DeadlineList (the shared timer of one timeout length)", () => {
  it("expires entries in the order added, none before its deadline, removed ones never", async () => {
    const list = new DeadlineList(30);
    const expired: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((name) => entry(name, expired)) as [
      ReturnType<typeof entry>,
      ReturnType<typeof entry>,
      ReturnType<typeof entry>,
    ];
    list.add(a);
    list.add(b);
    list.add(c);
    expect(list.size).toBe(3);
    // The head goes first: the timer armed for it fires early and re-arms for b.
    list.remove(a);
    expect(list.size).toBe(2);
    await until(() => expired.length === 2);
    expect(expired).toEqual(["b", "c"]);
    expect(b.expiredAt).toBeGreaterThanOrEqual(b.deadlineAt);
    expect(c.expiredAt).toBeGreaterThanOrEqual(c.deadlineAt);
    expect(list.size).toBe(0);
    expect(a.timedList).toBeUndefined();
  });

  it("takes new entries after it drained, and removing from the middle keeps the order", async () => {
    const list = new DeadlineList(10);
    const expired: string[] = [];
    const first = entry("first", expired);
    list.add(first);
    await until(() => expired.length === 1);
    const [x, y, z] = ["x", "y", "z"].map((name) => entry(name, expired)) as [Timed, Timed, Timed];
    list.add(x);
    list.add(y);
    list.add(z);
    list.remove(y);
    list.remove(y); // twice is harmless
    await until(() => expired.length === 3);
    expect(expired).toEqual(["first", "x", "z"]);
  });
});

describe("AttemptAbort (one attempt's abort: client hang-up, timeout, stall)", () => {
  it("runs its listeners once, in order, with the first reason, and not those taken off", () => {
    const abort = new AttemptAbort(deployment(60_000));
    const calls: string[] = [];
    const one = () => calls.push(`one:${String(abort.reason)}`);
    const two = () => calls.push("two");
    const three = () => calls.push("three");
    abort.onAbort(one);
    abort.onAbort(two);
    abort.onAbort(three);
    abort.offAbort(two);
    abort.abort("gone");
    abort.abort("again");
    expect(calls).toEqual(["one:gone", "three"]);
    expect(abort.aborted).toBe(true);
    expect(abort.timedOut).toBe(false);
    // Aborting took it off the timer list; a listener added now never runs.
    expect(abort.timedList).toBeUndefined();
    abort.onAbort(two);
    expect(calls).toEqual(["one:gone", "three"]);
  });

  it("moves the next listener up when the first is taken off", () => {
    const abort = new AttemptAbort(deployment(60_000));
    const calls: string[] = [];
    const one = () => calls.push("one");
    const two = () => calls.push("two");
    abort.onAbort(one);
    abort.onAbort(two);
    abort.offAbort(one);
    abort.abort(new Error("x"));
    expect(calls).toEqual(["two"]);
    abort.clearDeadline();
  });

  it("times out with a retryable 504 naming the provider and the timeout", async () => {
    const abort = new AttemptAbort(deployment(20));
    let heard: unknown;
    abort.onAbort(() => {
      heard = abort.reason;
    });
    await until(() => abort.aborted);
    expect(abort.timedOut).toBe(true);
    expect(heard).toBe(abort.reason);
    expect(abort.reason).toBeInstanceOf(UpstreamError);
    expect(abort.reason).toMatchObject({ status: 504, retryable: true });
    expect((abort.reason as Error).message).toBe("openai: no answer within 0.02s");
  });

  it("never times out once its deadline is cleared", async () => {
    const cleared = new AttemptAbort(deployment(15));
    cleared.clearDeadline();
    // A later attempt on the same timeout length expires; the cleared one, added before it, not.
    const later = new AttemptAbort(deployment(15));
    await until(() => later.aborted);
    expect(later.timedOut).toBe(true);
    expect(cleared.aborted).toBe(false);
    expect(cleared.timedOut).toBe(false);
  });
});
