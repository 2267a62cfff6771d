import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import {
  chatCompletionRequestSchema,
  completionRequestSchema,
  embeddingRequestSchema,
} from "../formats/openai.js";
import type { JsonObject } from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { jsonMethod } from "./adapter-method.js";
import { parseRequestBody, toUpstreamBody } from "./parse-body.js";
import { withV1 } from "./paths.js";
import { registerTranscriptionRoute } from "./transcription-route.js";

type JsonKind = "chat" | "completion" | "embedding";

const jsonRoutes: ReadonlyArray<{ kind: JsonKind; paths: string[]; schema: z.ZodType }> = [
  {
    kind: "chat",
    paths: withV1("/chat/completions", "/chat/completion"),
    schema: chatCompletionRequestSchema,
  },
  {
    kind: "completion",
    paths: withV1("/completions", "/completion"),
    schema: completionRequestSchema,
  },
  { kind: "embedding", paths: withV1("/embeddings", "/embedding"), schema: embeddingRequestSchema },
];

/** `POST /chat/completions`, `/completions`, `/embeddings`, `/audio/transcriptions` (+ aliases). */
export function registerOpenAIRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  for (const { kind, paths, schema } of jsonRoutes) {
    for (const url of paths) {
      app.post(url, async (request, reply) => {
        const body = parseRequestBody(schema, request.body, url);
        await runModelCall(deps, request, reply, {
          route: kind,
          format: "openai",
          model: String(body.model),
          body,
          attempt: (finalBody: JsonObject) => (adapter, ctx) =>
            jsonMethod(adapter, kind)(toUpstreamBody(finalBody, ctx.deployment), ctx),
        });
      });
    }
  }
  registerTranscriptionRoute(app, deps);
}
