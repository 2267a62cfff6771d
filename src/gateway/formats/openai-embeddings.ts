import { z } from "zod";

/** `POST /embeddings` request body. */
export const embeddingRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([
    z.string(),
    z.array(z.string()).min(1),
    z.array(z.number().int()).min(1),
    z.array(z.array(z.number().int())).min(1),
  ]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().positive().optional(),
  user: z.string().optional(),
});
export type EmbeddingRequest = z.infer<typeof embeddingRequestSchema>;

/** `POST /embeddings` response. */
export const embeddingResponseSchema = z.looseObject({
  object: z.literal("list"),
  data: z.array(
    z.looseObject({
      object: z.literal("embedding"),
      embedding: z.union([z.array(z.number()), z.string()]),
      index: z.number().int(),
    }),
  ),
  model: z.string(),
  usage: z.looseObject({
    prompt_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative(),
  }),
});
export type EmbeddingResponse = z.infer<typeof embeddingResponseSchema>;
