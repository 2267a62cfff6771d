import { AIMessage, AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { ChatPromptTemplate } from "@langchain/core/prompts";
import { describe, expect, it } from "vitest";
import { ConfigError, ValidationError } from "../../src/common/errors.js";
import { Vault } from "../../src/scanners/vault.js";
import { Deanonymizer } from "../../src/screening/deanonymizer.js";
import { recordingChatModel } from "./helpers.js";

function vaultWithJane(): Vault {
  const vault = new Vault();
  vault.extend([
    ["[REDACTED_EMAIL_ADDRESS_1]", "jane@example.com"],
    ["[REDACTED_PERSON_1]", "Jane Doe"],
  ]);
  return vault;
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe("Deanonymizer", () => {
  it("restores strings", async () => {
    const deanonymizer = new Deanonymizer({ vault: vaultWithJane() });
    await expect(deanonymizer.invoke("Hi [REDACTED_PERSON_1]!")).resolves.toBe("Hi Jane Doe!");
  });

  it("restores an AIMessage's text and tool call arguments, keeping its id and metadata", async () => {
    const deanonymizer = new Deanonymizer({ vault: vaultWithJane() });
    const message = new AIMessage({
      id: "ai-1",
      content: "Mailing [REDACTED_PERSON_1].",
      response_metadata: { model: "fake" },
      tool_calls: [
        { id: "c1", name: "send_mail", args: { to: "[REDACTED_EMAIL_ADDRESS_1]", cc: ["x"] } },
      ],
    });
    const restored = await deanonymizer.invoke(message);
    expect(restored).toBeInstanceOf(AIMessage);
    expect(restored.content).toBe("Mailing Jane Doe.");
    expect((restored as AIMessage).tool_calls?.[0]?.args).toEqual({
      to: "jane@example.com",
      cc: ["x"],
    });
    expect([restored.id, restored.response_metadata]).toEqual(["ai-1", { model: "fake" }]);
    expect(message.content).toBe("Mailing [REDACTED_PERSON_1].");
  });

  it("restores a single AIMessageChunk", async () => {
    const deanonymizer = new Deanonymizer({ vault: vaultWithJane() });
    const chunk = await deanonymizer.invoke(
      new AIMessageChunk({ content: "to [REDACTED_PERSON_1]" }),
    );
    expect(chunk).toBeInstanceOf(AIMessageChunk);
    expect(chunk.content).toBe("to Jane Doe");
  });

  it("restores a placeholder split across two streamed string chunks", async () => {
    const deanonymizer = new Deanonymizer<string>({ vault: vaultWithJane() });
    const out = await collect(
      deanonymizer.transform(fromList(["Dear [REDACTED_PER", "SON_1], see you"]), {}),
    );
    expect(out).toEqual(["Dear ", "Jane Doe, see you"]);
  });

  it("restores a placeholder split across two streamed AIMessageChunks", async () => {
    const deanonymizer = new Deanonymizer<AIMessageChunk>({ vault: vaultWithJane() });
    const chunks = [
      new AIMessageChunk({ id: "run-1", content: "Dear [REDACTED_EM" }),
      new AIMessageChunk({ id: "run-1", content: "AIL_ADDRESS_1" }),
      new AIMessageChunk({ id: "run-1", content: "] ok [REDACTED" }),
    ];
    const out = await collect(deanonymizer.transform(fromList(chunks), {}));
    expect(out.map((chunk) => chunk.content)).toEqual([
      "Dear ",
      "jane@example.com ok ",
      "[REDACTED",
    ]);
    expect(out.every((chunk) => chunk instanceof AIMessageChunk && chunk.id === "run-1")).toBe(
      true,
    );
    const whole = out.reduce((left, right) => left.concat(right));
    expect(whole.content).toBe("Dear jane@example.com ok [REDACTED");
  });

  it("restores text blocks (Anthropic-style content) split across chunks into one block", async () => {
    const deanonymizer = new Deanonymizer<AIMessageChunk>({ vault: vaultWithJane() });
    const block = (text: string) => [{ type: "text", text, index: 0 }];
    const chunks = [
      new AIMessageChunk({ id: "m", content: block("Hi [REDACTED_PER") }),
      new AIMessageChunk({ id: "m", content: block("SON_1] and [RED") }),
    ];
    const out = await collect(deanonymizer.transform(fromList(chunks), {}));
    const whole = out.reduce((left, right) => left.concat(right));
    expect(whole.content).toEqual([{ type: "text", text: "Hi Jane Doe and [RED", index: 0 }]);
  });

  it("restores a chat model's answer in a chain, streamed character by character and not", async () => {
    const vault = vaultWithJane();
    const answer = "I wrote to [REDACTED_PERSON_1] at [REDACTED_EMAIL_ADDRESS_1].";
    const model = recordingChatModel([answer, answer]);
    const chain = ChatPromptTemplate.fromTemplate("{input}")
      .pipe(model)
      .pipe(new Deanonymizer({ vault }));
    const expected = "I wrote to Jane Doe at jane@example.com.";
    expect((await chain.invoke({ input: "go" })).content).toBe(expected);
    const chunks = await collect(await chain.stream({ input: "go" }));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.map((chunk) => chunk.content).join("")).toBe(expected);
    expect(chunks.some((chunk) => String(chunk.content).includes("REDACTED"))).toBe(false);
  });

  it("names what it cannot restore", async () => {
    const deanonymizer = new Deanonymizer({ vault: vaultWithJane() });
    await expect(deanonymizer.invoke(new HumanMessage("x") as never)).rejects.toThrow(
      ValidationError,
    );
    expect(() => new Deanonymizer({ vault: {} as Vault })).toThrow(ConfigError);
  });
});
