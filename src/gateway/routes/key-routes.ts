import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { formatZodError } from "../../common/config.js";
import { durationSchema, parseDuration } from "../auth/duration.js";
import { type KeyGuard, keyGuardSchema } from "../auth/key-guard.js";
import { generateRawKey, generateTokenId, hashKey } from "../auth/key-material.js";
import { keyPermissionsSchema, toKeyJson } from "../auth/key-record.js";
import { BadRequestError } from "../errors.js";
import type { GatewayDeps } from "../server/deps.js";
import { budgetPeriodOf } from "../spend/budget-period.js";
import { assertShallow } from "./parse-body.js";
import { storableRecord, storableString } from "./storable-text.js";

const keyFields = {
  models: z.array(storableString.min(1)).optional(),
  permissions: keyPermissionsSchema.optional(),
  key_alias: storableString.min(1).nullable().optional(),
  duration: durationSchema.nullable().optional(),
  metadata: storableRecord.optional(),
  rpm_limit: z.number().int().positive().nullable().optional(),
  tpm_limit: z.number().int().positive().nullable().optional(),
  max_parallel_requests: z.number().int().positive().nullable().optional(),
  /** The key's guard policy (docs/guard-callback.md); null clears it. */
  guard: keyGuardSchema.nullable().optional(),
  /** Guard-checked requests per minute. */
  guard_rpm_limit: z.number().int().positive().nullable().optional(),
  max_budget: z.number().min(0).nullable().optional(),
  budget_duration: durationSchema.nullable().optional(),
};
const generateSchema = z.strictObject(keyFields);
const updateSchema = z.strictObject({
  ...keyFields,
  key: storableString.min(1),
  blocked: z.boolean().optional(),
});
const deleteSchema = z.strictObject({ keys: z.array(storableString.min(1)).min(1) });
const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(100),
});

function parse<S extends z.ZodType>(schema: S, value: unknown, route: string): z.output<S> {
  assertShallow(value, route);
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new BadRequestError(formatZodError(route, result.error).replaceAll("\n", "; "));
  }
  return result.data;
}

function expiresAt(duration: string | null | undefined, now: number): Date | null | undefined {
  if (duration === undefined) return undefined;
  return duration === null ? null : new Date(now + parseDuration(duration));
}

/** Warn when the master key lets a key skip a guard that `guard_mode: all` puts on every call. */
function warnIfGuardWeakened(
  deps: GatewayDeps,
  tokenId: string,
  guard: KeyGuard | null | undefined,
) {
  const mode = deps.config.settings.guard_mode ?? "all";
  if (mode !== "all" || guard?.enabled !== false) return;
  deps.logger.warn(
    { token_id: tokenId },
    "key guard.enabled is false: this key's calls skip the guard although guard_mode is all",
  );
}

/** A key named by its raw value (sk-…) or by its token id → its token id. */
function tokenIdOf(deps: GatewayDeps, key: string): Promise<string | undefined> {
  return key.startsWith("sk-") ? deps.keyStore.tokenIdForHash(hashKey(key)) : Promise.resolve(key);
}

/** 400 naming the first entry of `models` that is not a `model_name` of this gateway. */
function checkModels(
  deps: GatewayDeps,
  models: readonly string[] | undefined,
  route: string,
): void {
  const known = new Set(deps.router.modelNames());
  const index = (models ?? []).findIndex((model) => !known.has(model));
  if (index !== -1) {
    throw new BadRequestError(
      `${route}: models[${index}]: "${models?.[index]}" is not a model_name of this gateway`,
    );
  }
}

function notFound(): BadRequestError {
  return new BadRequestError("No such key", { status: 404, code: "key_not_found" });
}

async function generateKey(deps: GatewayDeps, request: FastifyRequest) {
  const body = parse(generateSchema, request.body, "/key/generate");
  checkModels(deps, body.models, "/key/generate");
  const key = generateRawKey();
  const record = await deps.keyStore.create({
    keyHash: hashKey(key),
    tokenId: generateTokenId(),
    keyAlias: body.key_alias ?? null,
    models: body.models ?? [],
    permissions: body.permissions ?? {},
    metadata: body.metadata ?? {},
    rpmLimit: body.rpm_limit ?? null,
    tpmLimit: body.tpm_limit ?? null,
    maxParallelRequests: body.max_parallel_requests ?? null,
    guard: body.guard ?? null,
    guardRpmLimit: body.guard_rpm_limit ?? null,
    maxBudget: body.max_budget ?? null,
    budgetDuration: body.budget_duration ?? null,
    expiresAt: expiresAt(body.duration, deps.now()) ?? null,
  });
  deps.logger.info({ token_id: record.tokenId, key_alias: record.keyAlias }, "key generated");
  warnIfGuardWeakened(deps, record.tokenId, record.guard);
  return { key, ...toKeyJson(record) };
}

async function keyInfo(deps: GatewayDeps, request: FastifyRequest) {
  const { key } = parse(z.object({ key: storableString.min(1) }), request.query, "/key/info");
  const tokenId = await tokenIdOf(deps, key);
  const record = tokenId === undefined ? undefined : await deps.keyStore.findByTokenId(tokenId);
  if (record === undefined) throw notFound();
  const period = budgetPeriodOf(record, deps.now());
  const usage = await deps.fleet.spend.usage(record.tokenId, period.index);
  return {
    token_id: record.tokenId,
    info: {
      ...toKeyJson(record),
      spend: usage.spend,
      budget_reset_at: period.resetsAt?.toISOString() ?? null,
      usage,
    },
  };
}

async function updateKey(deps: GatewayDeps, request: FastifyRequest) {
  const { key, duration, ...body } = parse(updateSchema, request.body, "/key/update");
  checkModels(deps, body.models, "/key/update");
  const tokenId = await tokenIdOf(deps, key);
  const changes = {
    keyAlias: body.key_alias,
    models: body.models,
    permissions: body.permissions,
    metadata: body.metadata,
    rpmLimit: body.rpm_limit,
    tpmLimit: body.tpm_limit,
    maxParallelRequests: body.max_parallel_requests,
    guard: body.guard,
    guardRpmLimit: body.guard_rpm_limit,
    maxBudget: body.max_budget,
    budgetDuration: body.budget_duration,
    blocked: body.blocked,
    expiresAt: expiresAt(duration, deps.now()),
  };
  const record = tokenId === undefined ? undefined : await deps.keyStore.update(tokenId, changes);
  if (record === undefined) throw notFound();
  deps.keyCache.invalidate(record.tokenId);
  deps.logger.info({ token_id: record.tokenId }, "key updated");
  warnIfGuardWeakened(deps, record.tokenId, body.guard);
  return toKeyJson(record);
}

async function deleteKeys(deps: GatewayDeps, request: FastifyRequest) {
  const { keys } = parse(deleteSchema, request.body, "/key/delete");
  const found = await Promise.all(keys.map((key) => tokenIdOf(deps, key)));
  const deleted = await deps.keyStore.delete(found.filter((id): id is string => id !== undefined));
  for (const tokenId of deleted) deps.keyCache.invalidate(tokenId);
  deps.logger.info({ token_ids: deleted }, "keys deleted");
  return { deleted_keys: deleted };
}

async function listKeys(deps: GatewayDeps, request: FastifyRequest) {
  const { page, size } = parse(listQuerySchema, request.query, "/key/list");
  const { keys, total } = await deps.keyStore.list({ limit: size, offset: (page - 1) * size });
  return {
    keys: keys.map(toKeyJson),
    total_count: total,
    current_page: page,
    total_pages: Math.ceil(total / size),
  };
}

/** Register `/key/generate`, `/key/info`, `/key/update`, `/key/delete`, `/key/list` (master key only). */
export function registerKeyRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  const options = {
    preHandler: async (request: FastifyRequest) => deps.auth.requireMaster(request.headers),
  };
  app.post("/key/generate", options, (request) => generateKey(deps, request));
  app.get("/key/info", options, (request) => keyInfo(deps, request));
  app.post("/key/update", options, (request) => updateKey(deps, request));
  app.post("/key/delete", options, (request) => deleteKeys(deps, request));
  app.get("/key/list", options, (request) => listKeys(deps, request));
}
