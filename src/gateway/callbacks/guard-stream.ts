import type { JsonObject } from "../providers/types.js";
import { StreamRestorer } from "./guard-restore.js";
import {
  rewriteResponsesDone,
  type StreamTextField,
  streamTextFields,
} from "./guard-stream-fields.js";

/** How a guarded stream is checked on its way to the client. */
export interface StreamGuardOptions {
  /** Placeholders of the request, restored in the deltas. */
  readonly vault: ReadonlyMap<string, string>;
  /**
   * Check a window of one channel's text; resolves to the text to send on, throws an `AppError`
   * to end the stream with an error event. Absent: no output scanning (restoring only).
   */
  readonly check?: ((text: string) => Promise<string>) | undefined;
  /** Characters held before a check; absent: up to the end of a sentence (at most 400). */
  readonly windowChars?: number | undefined;
}

interface HeldEvent {
  readonly event: JsonObject;
  readonly fields: StreamTextField[];
}

const sentenceEnd = /[.!?\n。！？][)"'\]]*(\s|$)/;
const sentenceCap = 400;

function windowFull(pending: ReadonlyMap<string, string>, windowChars: number | undefined) {
  for (const text of pending.values()) {
    if (windowChars !== undefined) {
      if (text.length >= windowChars) return true;
    } else if (text.length >= sentenceCap || sentenceEnd.test(text)) return true;
  }
  return false;
}

/**
 * Hold a stream's events back in windows: each window's text is checked before any of its
 * events reaches the client, so a blocked answer never shows; placeholders are restored in the
 * deltas, also when one is split across deltas or sits in tool-call arguments.
 */
export async function* guardStream(
  events: AsyncIterable<JsonObject>,
  options: StreamGuardOptions,
): AsyncGenerator<JsonObject> {
  let held: HeldEvent[] = [];
  const pending = new Map<string, string>();
  const restorers = new Map<string, StreamRestorer>();
  const lastOfChannel = new Map<string, JsonObject>();
  /** The text each channel sent to the client so far. */
  const sent = new Map<string, string>();

  async function checkWindow(): Promise<void> {
    if (options.check === undefined) return;
    for (const [channel, text] of pending) {
      const forward = await options.check(text);
      if (forward === text) continue;
      const fields = held.flatMap((item) => item.fields).filter((f) => f.channel === channel);
      fields.forEach((f, index) => {
        f.set(index === 0 ? forward : "");
      });
    }
    pending.clear();
  }

  function restore(final: boolean): void {
    for (const item of held) {
      for (const f of item.fields) {
        let restorer = restorers.get(f.channel);
        if (restorer === undefined) {
          restorer = new StreamRestorer(options.vault, f.json);
          restorers.set(f.channel, restorer);
        }
        f.set(restorer.push(f.text));
        lastOfChannel.set(f.channel, item.event);
        sent.set(f.channel, (sent.get(f.channel) ?? "") + f.text);
      }
    }
    if (!final) return;
    for (const [channel, restorer] of restorers) {
      const rest = restorer.flush();
      if (rest === "") continue;
      const inWindow = held.flatMap((item) => item.fields).filter((f) => f.channel === channel);
      const last = inWindow.at(-1);
      if (last !== undefined) last.set(last.text + rest);
      else held.unshift(carryEvent(lastOfChannel.get(channel), channel, rest));
      sent.set(channel, (sent.get(channel) ?? "") + rest);
    }
  }

  async function* release(final: boolean): AsyncGenerator<JsonObject> {
    await checkWindow();
    restore(final);
    const out = held;
    held = [];
    for (const item of out) {
      rewriteResponsesDone(item.event, sent);
      yield item.event;
    }
  }

  for await (const event of events) {
    const fields = streamTextFields(event);
    held.push({ event, fields });
    for (const f of fields) pending.set(f.channel, (pending.get(f.channel) ?? "") + f.text);
    if (options.check === undefined || windowFull(pending, options.windowChars)) {
      yield* release(false);
    }
  }
  yield* release(true);
}

/** A copy of a channel's last delta event carrying only `text` (the held tail at the end). */
function carryEvent(template: JsonObject | undefined, channel: string, text: string): HeldEvent {
  const event = structuredClone(template ?? {});
  const fields = streamTextFields(event);
  for (const f of fields) f.set(f.channel === channel ? text : "");
  return { event, fields: [] };
}
