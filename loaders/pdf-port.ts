/** What pdf.js hands a port's listeners: the message, as a worker's `MessageEvent` would carry it. */
export interface PortMessage {
  data: unknown;
}
type PortListener = (event: PortMessage) => void;

/**
 * Copy a message as `structuredClone` would for what pdf.js sends between its two halves: plain
 * objects (null prototype included) and arrays are copied in JavaScript, keeping shared and
 * circular references; transferred buffers (and views on them) move without a copy; anything else
 * (typed arrays, Maps, Errors, ...) goes through `structuredClone` itself. pdf.js sends text
 * content as many small plain objects, which V8's serializer copies ~3x slower than this loop.
 */
export function copyMessage(
  value: unknown,
  transfer: readonly unknown[] = [],
  seen = new Map<object, unknown>(),
): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    seen.set(value, out);
    for (let index = 0; index < value.length; index++) {
      out[index] = copyMessage(value[index], transfer, seen);
    }
    return out;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    for (const key of Object.keys(value)) {
      out[key] = copyMessage((value as Record<string, unknown>)[key], transfer, seen);
    }
    return out;
  }
  const moved =
    transfer.includes(value) || (ArrayBuffer.isView(value) && transfer.includes(value.buffer));
  const out = moved ? value : structuredClone(value);
  seen.set(value, out);
  return out;
}

/**
 * Both ends of the channel between pdf.js's API and its "worker" when both run in this thread
 * (pdf.js's own fake worker in Node). Messages are copied ({@link copyMessage}) and delivered in a
 * microtask, in order, like pdf.js's `LoopbackPort`, which copies them with `structuredClone`.
 *
 * @example
 * const port = new InThreadPort();
 * WorkerMessageHandler.initializeFromPort(port);
 * const worker = new PDFWorker({ port });
 */
export class InThreadPort {
  readonly #listeners = new Set<PortListener>();

  postMessage(message: unknown, transfer?: readonly unknown[]): void {
    const event: PortMessage = { data: copyMessage(message, transfer) };
    queueMicrotask(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: string, listener: PortListener, options?: { signal?: AbortSignal }) {
    const signal = options?.signal;
    if (signal?.aborted) return;
    this.#listeners.add(listener);
    signal?.addEventListener("abort", () => this.#listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: string, listener: PortListener): void {
    this.#listeners.delete(listener);
  }

  /** Drop every listener (both ends); later messages go nowhere. */
  terminate(): void {
    this.#listeners.clear();
  }
}
