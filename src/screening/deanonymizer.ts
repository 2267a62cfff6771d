import { AIMessage, AIMessageChunk, type MessageContent } from "@langchain/core/messages";
import { Runnable, type RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { ValidationError } from "../common/errors.js";
import { Deanonymize, deanonymizeMatchingStrategies } from "../scanners/deanonymize.js";
import type { Vault } from "../scanners/vault.js";
import { contentTexts, replaceContentTexts } from "./message-content.js";
import { chunkWithContent, mapAIMessage } from "./message-map.js";
import { parseScreeningOptions, vaultSchema } from "./options.js";
import { createStreamRestorer, type StreamRestorer } from "./stream-restorer.js";

export const deanonymizerOptionsSchema = z.object({
  vault: vaultSchema,
  matchingStrategy: z.enum(deanonymizeMatchingStrategies).default("case_insensitive"),
});

/**
 * `vault`: the vault the conversation's `Anonymize` scanner fills. `matchingStrategy` (default
 * `case_insensitive`): as `Deanonymize`'s, so `redacted_person_1` or a placeholder whose brackets
 * the model dropped is restored too; `exact` restores placeholders only as written.
 */
export type DeanonymizerOptions = z.input<typeof deanonymizerOptionsSchema>;

/** What a deanonymizer restores: a model's text, message or message chunk. */
export type DeanonymizerValue = string | AIMessage | AIMessageChunk;

/**
 * A LangChain `Runnable` that puts the vault's originals back into a model's output: strings,
 * `AIMessage`s (text and tool call arguments) and `AIMessageChunk`s. Streamed, it holds back a
 * placeholder split across chunks until it is complete, so `.stream()` yields originals too.
 *
 * @example
 * const { guard, deanonymizer } = createScreening();
 * const chain = guard.pipe(prompt).pipe(chatModel).pipe(deanonymizer);
 * for await (const chunk of await chain.stream({ input })) process.stdout.write(chunk.text);
 */
export class Deanonymizer<T extends DeanonymizerValue = DeanonymizerValue> extends Runnable<T, T> {
  static override lc_name(): string {
    return "Deanonymizer";
  }

  override lc_namespace = ["ragguard", "screening"];

  readonly vault: Vault;
  readonly #deanonymize: Deanonymize;

  constructor(options: DeanonymizerOptions) {
    super();
    const parsed = parseScreeningOptions(deanonymizerOptionsSchema, options, "Deanonymizer");
    this.vault = parsed.vault;
    this.#deanonymize = new Deanonymize(parsed.vault, {
      matchingStrategy: parsed.matchingStrategy,
    });
  }

  /** Restore one value; the result has the input's type (a string stays a string, ...). */
  override async invoke<V extends T>(input: V, options?: Partial<RunnableConfig>): Promise<V> {
    const restored = await this._callWithConfig(
      async (value: T) => this.restore(value),
      input,
      options,
    );
    return restored as V;
  }

  /** Restore one complete value without LangChain callbacks. */
  restore<V extends T>(value: V): V {
    if (typeof value === "string") return this.#deanonymize.restore(value) as V;
    if (AIMessage.isInstance(value) || AIMessageChunk.isInstance(value)) {
      return mapAIMessage(value, (text) => this.#deanonymize.restore(text)) as V;
    }
    throw new ValidationError(
      `Deanonymizer restores strings, AIMessage and AIMessageChunk values; got ${describe(value)}`,
    );
  }

  override async *transform(
    generator: AsyncGenerator<T>,
    options?: Partial<RunnableConfig>,
  ): AsyncGenerator<T> {
    yield* this._transformStreamWithConfig(generator, (input) => this.#restoreStream(input), {
      ...options,
      runType: "parser",
    });
  }

  async *#restoreStream(input: AsyncGenerator<T>): AsyncGenerator<T> {
    const restorer = createStreamRestorer(this.vault, (text) => this.#deanonymize.restore(text));
    // The last value that went through the restorer decides the shape of the final flush.
    let last: string | AIMessageChunk | undefined;
    for await (const chunk of input) {
      if (typeof chunk === "string") {
        last = chunk;
        const text = restorer.push(chunk);
        if (text !== "") yield text as T;
      } else if (AIMessageChunk.isInstance(chunk)) {
        last = chunk;
        const content = pushContent(restorer, chunk.content);
        // A chunk whose only payload is text still held back is dropped; the text comes later.
        if (content !== "" || carriesMore(chunk)) yield chunkWithContent(chunk, content) as T;
      } else {
        yield this.restore(chunk);
      }
    }
    const rest = restorer.flush();
    if (rest === "") return;
    if (typeof last === "string") yield rest as T;
    else
      yield new AIMessageChunk({ content: flushContent(last?.content, rest), id: last?.id }) as T;
  }
}

function pushContent(restorer: StreamRestorer, content: MessageContent): MessageContent {
  return replaceContentTexts(
    content,
    contentTexts(content).map((text) => restorer.push(text)),
  );
}

/**
 * The content of the final chunk: a string, or for block content a text block that carries the
 * last text block's other fields (its `index`), so concatenated chunks merge into one block.
 */
function flushContent(previous: MessageContent | undefined, rest: string): MessageContent {
  if (previous === undefined || typeof previous === "string") return rest;
  const blocks: readonly unknown[] = previous;
  const lastText = blocks.findLast(
    (block): block is Record<string, unknown> =>
      typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text",
  );
  return [{ ...lastText, type: "text", text: rest }] as MessageContent;
}

/** Whether a chunk carries anything besides its text (tool calls, usage, metadata). */
function carriesMore(chunk: AIMessageChunk): boolean {
  return (
    (chunk.tool_call_chunks?.length ?? 0) > 0 ||
    chunk.usage_metadata !== undefined ||
    Object.keys(chunk.response_metadata).length > 0 ||
    Object.keys(chunk.additional_kwargs).length > 0
  );
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "object") return value.constructor?.name ?? "object";
  return typeof value;
}
