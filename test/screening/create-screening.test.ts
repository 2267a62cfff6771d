import { AIMessage } from "@langchain/core/messages";
import { ChatPromptTemplate } from "@langchain/core/prompts";
import { describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createScreening } from "../../src/screening/create-screening.js";
import { PromptRejectedError } from "../../src/screening/prompt-rejected-error.js";
import { emailAnonymizer, recordingChatModel, wordScanner } from "./helpers.js";

const injection = wordScanner("PromptInjection", "ignore previous instructions");

function conversation(answer: string) {
  const screening = createScreening({
    scanners: (vault) => [emailAnonymizer(vault), injection],
    logger: silentLogger,
  });
  const model = recordingChatModel([answer]);
  const chain = screening.guard
    .pipe(ChatPromptTemplate.fromTemplate("{input}"))
    .pipe(model)
    .pipe(screening.deanonymizer);
  return { ...screening, model, chain };
}

describe("createScreening", () => {
  it("gives each conversation its own vault, even when they run in parallel", async () => {
    const first = conversation("Sent to [REDACTED_EMAIL_ADDRESS_1].");
    const second = conversation("Sent to [REDACTED_EMAIL_ADDRESS_1].");
    const [a, b] = await Promise.all([
      first.chain.invoke({ input: "mail alice@example.com" }),
      second.chain.invoke({ input: "mail bob@example.com" }),
    ]);
    expect(a).toBeInstanceOf(AIMessage);
    expect((a as AIMessage).content).toBe("Sent to alice@example.com.");
    expect((b as AIMessage).content).toBe("Sent to bob@example.com.");
    expect(first.vault.get()).toEqual([["[REDACTED_EMAIL_ADDRESS_1]", "alice@example.com"]]);
    expect(second.vault.get()).toEqual([["[REDACTED_EMAIL_ADDRESS_1]", "bob@example.com"]]);
    expect(first.model.calls[0]?.[0]?.content).toBe("mail [REDACTED_EMAIL_ADDRESS_1]");
    expect(first.deanonymizer.vault).toBe(first.vault);
  });

  it("passes the guard options on", async () => {
    const screening = createScreening({
      scanners: (vault) => [emailAnonymizer(vault)],
      ignoreInvalid: [],
      logger: silentLogger,
    });
    await expect(screening.guard.invoke("mail a@b.example")).rejects.toThrow(PromptRejectedError);
  });
});
