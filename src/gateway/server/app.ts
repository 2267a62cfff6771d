import Fastify, { type FastifyInstance } from "fastify";
import { createClientErrorHandler } from "../../common/client-error.js";
import { writesInfo } from "../../common/logger.js";
import { BadRequestError } from "../errors.js";
import { registerKeyRoutes } from "../routes/key-routes.js";
import { registerMessagesRoute } from "../routes/messages-route.js";
import { registerOpenAIRoutes } from "../routes/openai-routes.js";
import { registerResponsesRoute } from "../routes/responses-route.js";
import { registerServiceRoutes } from "../routes/service-routes.js";
import { toOpenAIErrorBody } from "../translate/errors.js";
import type { GatewayDeps } from "./deps.js";
import { createErrorHandler } from "./error-handler.js";

/** Largest request body: OpenAI's 25 MB audio limit plus multipart overhead. */
const bodyLimit = 26 * 1024 * 1024;

/**
 * The schema compilers fastify would build from a route's JSON schema. No gateway route has one
 * (zod checks the bodies), and without compilers of its own fastify loads ajv and
 * fast-json-stringify at start (about 1 MB of heap) for nothing; these refuse a schema instead.
 */
function noSchemaCompiler(): () => never {
  return () => {
    throw new Error("gateway routes take no JSON schema (bodies are checked with zod)");
  };
}

/** Build the fastify app with every gateway route; no network I/O until it listens. */
export function buildGatewayApp(deps: GatewayDeps): FastifyInstance {
  // requestTimeout: a request must arrive whole within 300 s (node's default; fastify's is none).
  const app = Fastify({
    logger: false,
    bodyLimit,
    return503OnClosing: true,
    requestTimeout: 300_000,
    schemaController: {
      compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler },
    },
    // 408/431/400 raised before routing get the OpenAI error shape too.
    clientErrorHandler: createClientErrorHandler(({ status, message }) =>
      toOpenAIErrorBody(status, message, { code: `http_${status}` }),
    ),
  });
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "buffer", bodyLimit },
    (_r, body, done) => done(null, body),
  );
  app.setErrorHandler(createErrorHandler(deps.logger));
  app.setNotFoundHandler((request) => {
    throw new BadRequestError(`No route ${request.method} ${request.url.split("?")[0]}`, {
      status: 404,
      code: "not_found",
    });
  });
  // The access log; no hook at all when the logger drops info lines when the app is built (a hook
  // per response costs more than the line's check), so a level lowered to info later gets none.
  if (writesInfo(deps.logger)) {
    app.addHook("onResponse", async (request, reply) => {
      // The query string is left out: /key/info?key=… carries a key.
      deps.logger.info(
        {
          method: request.method,
          path: request.url.split("?")[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request",
      );
    });
  }
  registerServiceRoutes(app, deps);
  registerKeyRoutes(app, deps);
  registerOpenAIRoutes(app, deps);
  registerMessagesRoute(app, deps);
  registerResponsesRoute(app, deps);
  return app;
}
