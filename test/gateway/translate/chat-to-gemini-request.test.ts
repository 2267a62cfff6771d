import { describe, expect, it } from "vitest";
import { geminiGenerateContentRequestSchema } from "../../../src/gateway/formats/gemini.js";
import { chatCompletionRequestSchema } from "../../../src/gateway/formats/openai.js";
import { chatToGeminiRequest } from "../../../src/gateway/translate/chat-to-gemini-request.js";
import { toGeminiSchema } from "../../../src/gateway/translate/gemini-schema.js";

const parse = (body: unknown) => chatCompletionRequestSchema.parse(body);

describe("chatToGeminiRequest", () => {
  it("maps system instruction, user/model roles, images and generation config", () => {
    const req = parse({
      model: "gemini",
      messages: [
        { role: "system", content: "You are a cat." },
        { role: "developer", content: "Answer in French." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
            { type: "image_url", image_url: { url: "https://example.com/photo.png?x=1" } },
          ],
        },
        { role: "assistant", content: "Un chat." },
        { role: "user", content: "Merci" },
      ],
      max_completion_tokens: 256,
      temperature: 0.7,
      top_p: 0.95,
      n: 1,
      stop: ["\n\n"],
      seed: 42,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      response_format: { type: "json_object" },
    });
    const out = chatToGeminiRequest(req, "gemini-2.5-flash");
    expect(geminiGenerateContentRequestSchema.safeParse(out).success).toBe(true);
    expect(out).toEqual({
      systemInstruction: { parts: [{ text: "You are a cat." }, { text: "Answer in French." }] },
      contents: [
        {
          role: "user",
          parts: [
            { text: "What is this?" },
            { inlineData: { mimeType: "image/jpeg", data: "/9j/4AAQ" } },
            { fileData: { mimeType: "image/png", fileUri: "https://example.com/photo.png?x=1" } },
          ],
        },
        { role: "model", parts: [{ text: "Un chat." }] },
        { role: "user", parts: [{ text: "Merci" }] },
      ],
      generationConfig: {
        maxOutputTokens: 256,
        temperature: 0.7,
        topP: 0.95,
        candidateCount: 1,
        stopSequences: ["\n\n"],
        seed: 42,
        presencePenalty: 0.1,
        frequencyPenalty: 0.2,
        responseMimeType: "application/json",
      },
    });
  });

  it("maps tools, tool_choice and the tool-call round trip into functionCall/functionResponse", () => {
    const req = parse({
      model: "gemini",
      messages: [
        { role: "user", content: "Lights to 50% and what time is it?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_a",
              type: "function",
              function: { name: "set_light", arguments: '{"brightness":50}' },
            },
            { id: "call_b", type: "function", function: { name: "now", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "call_a", content: '{"ok":true}' },
        { role: "tool", tool_call_id: "call_b", content: "12:00" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "set_light",
            description: "Set brightness",
            parameters: {
              $schema: "http://json-schema.org/draft-07/schema#",
              type: "object",
              additionalProperties: false,
              properties: { brightness: { type: "integer", minimum: 0, maximum: 100 } },
              required: ["brightness"],
            },
            strict: true,
          },
        },
        { type: "function", function: { name: "now" } },
      ],
      tool_choice: { type: "function", function: { name: "set_light" } },
    });
    const out = chatToGeminiRequest(req, "gemini-2.5-flash");
    expect(out.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "set_light",
            description: "Set brightness",
            parameters: {
              type: "object",
              properties: { brightness: { type: "integer", minimum: 0, maximum: 100 } },
              required: ["brightness"],
            },
          },
          { name: "now" },
        ],
      },
    ]);
    expect(out.toolConfig).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["set_light"] },
    });
    expect(out.contents).toEqual([
      { role: "user", parts: [{ text: "Lights to 50% and what time is it?" }] },
      {
        role: "model",
        parts: [
          { functionCall: { name: "set_light", args: { brightness: 50 } } },
          { functionCall: { name: "now", args: {} } },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "set_light", response: { ok: true } } },
          { functionResponse: { name: "now", response: { content: "12:00" } } },
        ],
      },
    ]);
  });

  it("maps the string tool_choice values and a json_schema response format", () => {
    const base = { model: "g", messages: [{ role: "user", content: "x" }] };
    expect(chatToGeminiRequest(parse({ ...base, tool_choice: "none" }), "g").toolConfig).toEqual({
      functionCallingConfig: { mode: "NONE" },
    });
    expect(chatToGeminiRequest(parse({ ...base, tool_choice: "auto" }), "g").toolConfig).toEqual({
      functionCallingConfig: { mode: "AUTO" },
    });
    expect(
      chatToGeminiRequest(parse({ ...base, tool_choice: "required" }), "g").toolConfig,
    ).toEqual({ functionCallingConfig: { mode: "ANY" } });
    const out = chatToGeminiRequest(
      parse({
        ...base,
        response_format: {
          type: "json_schema",
          json_schema: {
            name: "r",
            strict: true,
            schema: {
              type: "object",
              properties: { a: { type: "string" } },
              additionalProperties: false,
            },
          },
        },
      }),
      "g",
    );
    expect(out.generationConfig).toEqual({
      responseMimeType: "application/json",
      responseSchema: { type: "object", properties: { a: { type: "string" } } },
    });
  });

  it("rejects a tool result whose call id no assistant message made, and reports dropped params", () => {
    const orphan = parse({
      model: "g",
      messages: [{ role: "tool", tool_call_id: "call_zzz", content: "1" }],
    });
    expect(() => chatToGeminiRequest(orphan, "g")).toThrow(/call_zzz/);
    const dropped: string[] = [];
    chatToGeminiRequest(
      parse({
        model: "g",
        messages: [{ role: "user", content: "x" }],
        logit_bias: { "1": 2 },
        user: "u",
      }),
      "g",
      {
        onDroppedParam: (p) => dropped.push(p),
      },
    );
    expect(dropped.sort()).toEqual(["logit_bias", "user"]);
  });
});

describe("chatToGeminiRequest with OpenAI custom tools", () => {
  it("refuses a custom tool call in the history", () => {
    const req = parse({
      model: "g",
      messages: [
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "custom", custom: { name: "sh", input: "ls" } }],
        },
      ],
    });
    expect(() => chatToGeminiRequest(req, "g")).toThrow(
      /custom tool call "sh" cannot be sent to a Gemini model/,
    );
  });
});

describe("toGeminiSchema", () => {
  it("inlines local refs, turns nullable unions and const into Gemini keywords, drops the rest", () => {
    const schema = {
      type: "object",
      $defs: { Unit: { type: "string", enum: ["c", "f"] } },
      properties: {
        unit: { $ref: "#/$defs/Unit", description: "unit" },
        note: { type: ["string", "null"] },
        kind: { const: "weather" },
        tags: { type: "array", items: { type: "string", examples: ["a"] } },
        either: { oneOf: [{ type: "string" }, { type: "number" }] },
      },
      additionalProperties: false,
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: "object",
      properties: {
        unit: { type: "string", enum: ["c", "f"], description: "unit" },
        note: { type: "string", nullable: true },
        kind: { enum: ["weather"] },
        tags: { type: "array", items: { type: "string" } },
        either: { anyOf: [{ type: "string" }, { type: "number" }] },
      },
    });
  });

  it("stops on a self-referencing schema instead of looping", () => {
    const tree = {
      $defs: { Node: { type: "object", properties: { child: { $ref: "#/$defs/Node" } } } },
      $ref: "#/$defs/Node",
    };
    const out = toGeminiSchema(tree);
    expect(out.type).toBe("object");
  });
});
