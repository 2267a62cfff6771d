import { describe, expect, it } from "vitest";
import { anthropicErrorSchema } from "../../../src/gateway/formats/anthropic.js";
import { openAIErrorSchema } from "../../../src/gateway/formats/openai.js";
import {
  statusFromAnthropicErrorType,
  toAnthropicErrorBody,
  toAnthropicErrorType,
  toOpenAIErrorBody,
  toOpenAIErrorType,
} from "../../../src/gateway/translate/errors.js";

describe("error type mapping", () => {
  it.each([
    [400, "invalid_request_error", "invalid_request_error"],
    [401, "authentication_error", "authentication_error"],
    [403, "permission_error", "permission_error"],
    [404, "not_found_error", "not_found_error"],
    [413, "request_too_large", "invalid_request_error"],
    [422, "invalid_request_error", "invalid_request_error"],
    [429, "rate_limit_error", "rate_limit_error"],
    [500, "api_error", "api_error"],
    [502, "api_error", "api_error"],
    [503, "overloaded_error", "api_error"],
    [529, "overloaded_error", "api_error"],
  ])("status %i → anthropic %s, openai %s", (status, anthropic, openai) => {
    expect(toAnthropicErrorType(status)).toBe(anthropic);
    expect(toOpenAIErrorType(status)).toBe(openai);
  });

  it("maps Anthropic error types back to statuses", () => {
    expect(statusFromAnthropicErrorType("rate_limit_error")).toBe(429);
    expect(statusFromAnthropicErrorType("overloaded_error")).toBe(529);
    expect(statusFromAnthropicErrorType("something_new")).toBe(500);
  });

  it("builds bodies in each provider's exact shape", () => {
    const openai = toOpenAIErrorBody(404, "The model `x` does not exist", {
      code: "model_not_found",
      param: "model",
    });
    expect(openai).toEqual({
      error: {
        message: "The model `x` does not exist",
        type: "not_found_error",
        param: "model",
        code: "model_not_found",
      },
    });
    expect(openAIErrorSchema.safeParse(openai).success).toBe(true);
    const anthropic = toAnthropicErrorBody(401, "invalid x-api-key");
    expect(anthropic).toEqual({
      type: "error",
      error: { type: "authentication_error", message: "invalid x-api-key" },
    });
    expect(anthropicErrorSchema.safeParse(anthropic).success).toBe(true);
  });
});
