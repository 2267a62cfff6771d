import type { RouteKind } from "../providers/types.js";

/** Where a text comes from; the guard API picks its operating point from it (issue 23). */
export const guardSources = ["prompt", "document", "tool_output"] as const;
export type GuardSource = (typeof guardSources)[number];

/**
 * The data the request walker reads (see `collectGuardSegments`). Everything not named here is
 * model-visible text: a field a provider adds tomorrow is scanned until it is listed.
 */
export const guardFieldRules = {
  /** Keys whose string value is structure, not text the model reads. */
  structuralKeys: new Set([
    "model",
    "role",
    "type",
    "id",
    "tool_call_id",
    "tool_use_id",
    "call_id",
    "object",
    "detail",
    "format",
    "media_type",
    "mime_type",
    "file_id",
    "url",
    "image_url",
    "encoding_format",
    "service_tier",
    "reasoning_effort",
    "verbosity",
    "status",
    "signature",
    "encrypted_content",
    "previous_response_id",
    "prompt_cache_key",
    "safety_identifier",
    "user",
    "truncation",
    "tool_choice",
    "response_format",
    "temperature",
    "language",
    "timestamp_granularities[]",
    "stream",
    "voice",
    "finish_reason",
    "stop_reason",
    "system_fingerprint",
  ]),
  /** Keys whose whole value is never shown to a model (gateway metadata, stop sequences, ...). */
  skippedSubtrees: new Set([
    "metadata",
    "stop",
    "stop_sequences",
    "logit_bias",
    "cache_control",
    "logprobs",
    "usage",
  ]),
  /** Objects the client fills freely (tool inputs, JSON schemas): their keys are text too. */
  freeFormKeys: new Set(["input", "parameters", "schema", "input_schema", "properties"]),
  /** Media types whose base64 payload is text a model reads. */
  textMediaTypes: new Set([
    "application/json",
    "application/xml",
    "application/x-yaml",
    "application/yaml",
    "application/javascript",
    "application/x-sh",
    "application/csv",
  ]),
  /** Content arriving from tools and retrieval, by block or item `type`. */
  sourceByType: {
    tool_result: "tool_output",
    function_call_output: "tool_output",
    custom_tool_call_output: "tool_output",
    computer_call_output: "tool_output",
    mcp_tool_result: "tool_output",
    code_execution_tool_result: "tool_output",
    bash_code_execution_tool_result: "tool_output",
    text_editor_code_execution_tool_result: "tool_output",
    web_search_tool_result: "document",
    web_fetch_tool_result: "document",
    document: "document",
    search_result: "document",
  } as Readonly<Record<string, GuardSource>>,
  /** Chat messages from tools. */
  sourceByRole: { tool: "tool_output", function: "tool_output" } as Readonly<
    Record<string, GuardSource>
  >,
  /** The field of each route that may carry token IDs instead of text. */
  tokenIdFields: { completion: "prompt", embedding: "input" } as Partial<Record<RouteKind, string>>,
} as const;
