import { z } from "zod";
import { formatZodError } from "../../common/config.js";
import { BadRequestError } from "../errors.js";
import type { JsonObject } from "../providers/types.js";

const metadataSchema = z.record(z.string(), z.unknown());

/** Deepest nesting of arrays and objects a request may have (real ones stay far below). */
export const maxBodyDepth = 128;

/** Whether `value` nests deeper than `limit` levels; iterative, so any depth is safe to measure. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** 400 when a body nests deeper than {@link maxBodyDepth} (before anything walks it recursively). */
export function assertShallow(value: unknown, route: string): void {
  if (nestsDeeperThan(value, maxBodyDepth)) {
    throw new BadRequestError(`${route}: the body is nested deeper than ${maxBodyDepth} levels`);
  }
}

/**
 * Validate a request body with a route's schema. The gateway-level `metadata` object (for example
 * `metadata.permissions.enable_guard_check`) is checked apart, since the wire schemas describe
 * the provider's narrower `metadata`. Returns the body, metadata included, for the hooks.
 */
export function parseRequestBody(schema: z.ZodType, value: unknown, route: string): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new BadRequestError(`${route}: the body must be a JSON object`);
  }
  assertShallow(value, route);
  const { metadata, ...rest } = value as JsonObject;
  const result = schema.safeParse(rest);
  if (!result.success) {
    throw new BadRequestError(formatZodError(route, result.error).replaceAll("\n", "; "));
  }
  if (metadata !== undefined && metadata !== null) {
    const parsedMetadata = metadataSchema.safeParse(metadata);
    if (!parsedMetadata.success) throw new BadRequestError(`${route}: metadata must be an object`);
  }
  const body = { ...(result.data as JsonObject) };
  if (metadata !== undefined) body.metadata = metadata;
  return body;
}

/**
 * The body sent upstream for one deployment: config defaults, then the client's fields, with
 * the provider's model id and without the gateway-level `metadata`.
 */
export function toUpstreamBody(
  body: JsonObject,
  deployment: { modelId: string; defaults: Readonly<JsonObject> },
): JsonObject {
  const { metadata: _gatewayOnly, ...rest } = body;
  return { ...deployment.defaults, ...rest, model: deployment.modelId };
}
