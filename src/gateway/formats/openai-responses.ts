import { z } from "zod";

/**
 * OpenAI Responses API request (`POST /v1/responses`): the fields the gateway reads; everything
 * else is passed on to OpenAI-family providers as given.
 */
export const responsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.record(z.string(), z.unknown()))]),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
  tools: z.array(z.record(z.string(), z.unknown())).optional(),
  max_output_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  previous_response_id: z.string().nullish(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

/** One item of a Responses `output` array as the gateway builds it. */
export type ResponsesOutputItem =
  | {
      type: "message";
      id: string;
      status: "completed";
      role: "assistant";
      content: Array<
        | { type: "output_text"; text: string; annotations: unknown[] }
        | { type: "refusal"; refusal: string }
      >;
    }
  | {
      type: "function_call";
      id: string;
      call_id: string;
      name: string;
      arguments: string;
      status: "completed";
    };

/** A Responses `response` object (the fields the gateway fills when it translates). */
export interface ResponsesResponse {
  id: string;
  object: "response";
  created_at: number;
  status: "completed" | "incomplete" | "in_progress";
  model: string;
  output: ResponsesOutputItem[];
  incomplete_details: { reason: string } | null;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number } | null;
  [key: string]: unknown;
}
