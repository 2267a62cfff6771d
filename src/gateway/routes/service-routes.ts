import type { FastifyInstance, FastifyRequest } from "fastify";
import { BadRequestError } from "../errors.js";
import type { GatewayDeps } from "../server/deps.js";
import { withV1 } from "./paths.js";

/** `GET /models`, `/health/liveliness`, `/health/readiness`, `/metrics`. */
export function registerServiceRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  const visibleModels = async (request: FastifyRequest) => {
    const caller = await deps.auth.caller(request.headers);
    const allowed =
      caller.kind === "key" && caller.record.models.length > 0
        ? new Set(caller.record.models)
        : undefined;
    return deps.router.modelNames().filter((name) => allowed?.has(name) ?? true);
  };
  const toModel = (id: string) => ({ id, object: "model", created: 0, owned_by: "ragguard" });
  for (const url of withV1("/models")) {
    app.get(url, async (request) => ({
      object: "list",
      data: (await visibleModels(request)).map(toModel),
    }));
  }
  for (const url of withV1("/models/*")) {
    app.get(url, async (request) => {
      const id = (request.params as { "*": string })["*"];
      if (!(await visibleModels(request)).includes(id)) {
        throw new BadRequestError(`The model "${id}" does not exist or this key may not call it`, {
          status: 404,
          code: "model_not_found",
        });
      }
      return toModel(id);
    });
  }
  app.get("/health/liveliness", async () => ({ status: "ok" }));
  app.get("/health/liveness", async () => ({ status: "ok" }));
  app.get("/health/readiness", async (_request, reply) => {
    // Draining (SIGTERM): unready first, so load balancers stop sending before the listener closes.
    if (deps.drain.draining) return reply.code(503).send({ status: "draining" });
    const fleet = deps.fleet.readiness();
    try {
      await deps.keyStore.ping();
      return { status: "ok", database: "connected", ...fleet };
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, "readiness: database unreachable");
      return reply.code(503).send({ status: "unavailable", database: "unreachable" });
    }
  });
  app.get("/metrics", async (_request, reply) => {
    const text = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(text);
  });
}
