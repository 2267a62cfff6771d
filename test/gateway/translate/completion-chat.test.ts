import { describe, expect, it } from "vitest";
import {
  chatCompletionChunkSchema,
  chatCompletionSchema,
  completionRequestSchema,
  completionSchema,
} from "../../../src/gateway/formats/openai.js";
import {
  chatChunkToCompletionChunk,
  chatToCompletionResponse,
  completionToChatRequest,
} from "../../../src/gateway/translate/completion-chat.js";

describe("completions through a chat API", () => {
  it("turns the prompt into a user message and keeps sampling parameters", () => {
    const dropped: string[] = [];
    const req = completionRequestSchema.parse({
      model: "claude-instant",
      prompt: ["Say this is a test"],
      max_tokens: 7,
      temperature: 0,
      stop: ["\n"],
      stream: true,
      echo: true,
    });
    expect(
      completionToChatRequest(req, "claude-haiku-4-5", { onDroppedParam: (p) => dropped.push(p) }),
    ).toEqual({
      model: "claude-haiku-4-5",
      messages: [{ role: "user", content: "Say this is a test" }],
      max_tokens: 7,
      temperature: 0,
      stop: ["\n"],
      stream: true,
    });
    expect(dropped).toEqual(["echo"]);
    const many = completionRequestSchema.parse({ model: "m", prompt: ["a", "b"] });
    expect(() => completionToChatRequest(many, "c")).toThrow(/several prompts/);
  });

  it("turns a chat completion into a text_completion", () => {
    const chat = chatCompletionSchema.parse({
      id: "msg_1",
      object: "chat.completion",
      created: 1700000000,
      model: "claude",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "This is a test." },
          finish_reason: "length",
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    });
    const out = chatToCompletionResponse(chat);
    expect(completionSchema.safeParse(out).success).toBe(true);
    expect(out.choices).toEqual([
      { index: 0, text: "This is a test.", logprobs: null, finish_reason: "length" },
    ]);
    expect(out.usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
  });

  it("turns chat chunks into completion chunks, skipping the role-only chunk", () => {
    const base = { id: "c1", object: "chat.completion.chunk", created: 1, model: "m" };
    const chunks = [
      {
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
      },
      { ...base, choices: [{ index: 0, delta: { content: "Hi" }, finish_reason: null }] },
      { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
      { ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
    ].map((c) => chatCompletionChunkSchema.parse(c));
    const out = chunks.map(chatChunkToCompletionChunk);
    expect(out[0]).toBeNull();
    expect(out[1]?.choices).toEqual([
      { index: 0, text: "Hi", logprobs: null, finish_reason: null },
    ]);
    expect(out[2]?.choices[0]?.finish_reason).toBe("stop");
    expect(out[3]).toMatchObject({
      object: "text_completion",
      choices: [],
      usage: { total_tokens: 2 },
    });
  });
});
