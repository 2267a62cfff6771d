/**
 * JSON Schema (as OpenAI tools and `response_format` carry it) → the OpenAPI-subset `Schema` that
 * Gemini's `parameters` and `responseSchema` accept. Unsupported keywords are dropped, local
 * `$ref`s are inlined, `type: [T, "null"]` becomes `nullable`, `const` becomes a one-value `enum`.
 */

/** Keywords Gemini's `Schema` object understands; everything else is dropped. */
const allowedKeywords = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);

const MAX_REF_DEPTH = 16;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function resolveRef(ref: string, root: Json): Json | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1] as string];
  const target = isObject(defs) ? defs[match[2] as string] : undefined;
  return isObject(target) ? target : undefined;
}

function normaliseType(schema: Json, out: Json): void {
  const type = schema.type;
  if (!Array.isArray(type)) {
    if (type !== undefined) out.type = type;
    return;
  }
  const others = type.filter((t) => t !== "null");
  if (others.length !== type.length) out.nullable = true;
  if (others.length === 1) out.type = others[0];
  else if (others.length > 1) out.anyOf = others.map((t) => ({ type: t }));
}

function convertChildren(out: Json, root: Json, depth: number): void {
  if (isObject(out.properties)) {
    const props: Json = {};
    for (const [key, value] of Object.entries(out.properties))
      props[key] = convert(value, root, depth);
    out.properties = props;
  }
  if (out.items !== undefined) out.items = convert(out.items, root, depth);
  if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((s) => convert(s, root, depth));
}

function convert(schema: unknown, root: Json, depth: number): Json {
  if (!isObject(schema)) return {};
  if (typeof schema.$ref === "string" && depth < MAX_REF_DEPTH) {
    const target = resolveRef(schema.$ref, root);
    if (target) return convert({ ...target, ...withoutRef(schema) }, root, depth + 1);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (allowedKeywords.has(key) && key !== "type") out[key] = value;
  }
  normaliseType(schema, out);
  if (schema.const !== undefined && out.enum === undefined) out.enum = [schema.const];
  if (out.anyOf === undefined && Array.isArray(schema.oneOf)) out.anyOf = schema.oneOf;
  convertChildren(out, root, depth);
  return out;
}

function withoutRef(schema: Json): Json {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/**
 * Convert a JSON Schema into Gemini's `Schema` subset.
 * @example
 * toGeminiSchema({ type: "object", additionalProperties: false, properties: { a: { type: ["string", "null"] } } });
 * // { type: "object", properties: { a: { type: "string", nullable: true } } }
 */
export function toGeminiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return convert(schema, schema, 0);
}
