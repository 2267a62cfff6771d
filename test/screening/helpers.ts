import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import type { Scanner } from "../../src/scan/scanner.js";
import type { Vault } from "../../src/scanners/vault.js";

/**
 * LangChain's fake chat model (`FakeListChatModel`, which streams its answers one character per
 * chunk) that also records every message list it was called with.
 */
export class RecordingChatModel extends FakeListChatModel {
  readonly calls: BaseMessage[][] = [];

  override _generate(
    messages: BaseMessage[],
    options?: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.calls.push(messages);
    return super._generate(messages, options, runManager);
  }

  override _streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    this.calls.push(messages);
    return super._streamResponseChunks(messages, options, runManager);
  }
}

/** A {@link RecordingChatModel} answering `responses` in turn. */
export function recordingChatModel(responses: string[]): RecordingChatModel {
  return new RecordingChatModel({ responses });
}

/** A small scanner that rejects texts containing a word (case-insensitive). */
export function wordScanner(name: string, word: string): Scanner {
  return {
    name,
    scan: (text) => {
      const found = text.toLowerCase().includes(word.toLowerCase());
      return { sanitized: text, valid: !found, score: found ? 1 : 0 };
    },
  };
}

/** A small anonymizer for e-mail addresses that fills a real Vault like `Anonymize` does. */
export function emailAnonymizer(vault: Vault): Scanner {
  return {
    name: "Anonymize",
    scan: (text) => {
      let found = 0;
      const sanitized = text.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, (email) => {
        found++;
        const known = vault.placeholderFor(email);
        if (known) return known;
        const placeholder = `[REDACTED_EMAIL_ADDRESS_${vault.size + 1}]`;
        vault.append([placeholder, email]);
        return placeholder;
      });
      return { sanitized, valid: found === 0, score: found > 0 ? 1 : 0 };
    },
  };
}
