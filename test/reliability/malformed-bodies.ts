import fc from "fast-check";

/** A request a client could send: raw body text and a content type ("" for none). */
export interface MalformedRequest {
  payload: string;
  contentType: string;
}

function parsesToObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Text that is not a JSON object: random strings, truncated objects, JSON scalars and arrays. */
export const notAnObject: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary" }).filter((text) => !parsesToObject(text)),
  fc
    .dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 })
    .map((value) => JSON.stringify(value).slice(0, -1)),
  fc
    .oneof(fc.jsonValue().filter((value) => !isPlainObject(value)))
    .map((value) => JSON.stringify(value)),
  fc.constantFrom("", " ", "null", "{", "}", '{"a":', "{'a': 1}", "[", "\u0000", "\ufeff{}x"),
  fc.integer({ min: 500, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
);

function isPlainObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Strings that stress decoders: lone surrogates, NUL, RTL overrides, BOM, huge repeats. */
export const edgeString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("\ud800", "\udfff", "a\ud83dz", "\u0000", "\u202eevil\u202c", "\ufeff", "\u200b"),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc
    .tuple(fc.constantFrom("x", "\u202e", "\ud800", "é"), fc.integer({ min: 10_000, max: 100_000 }))
    .map(([unit, count]) => unit.repeat(count)),
);

/** A JSON value nested `depth` levels inside arrays and objects. */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 100, max: 3_000 }), fc.boolean())
  .map(([depth, objects]) => {
    let value: unknown = "leaf";
    for (let i = 0; i < depth; i += 1) value = objects ? { a: value } : [value];
    return value;
  });

/** A value of a JSON type other than string. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  deepValue,
);

const contentTypes = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "",
];

/**
 * Malformed requests for one route: bodies that are not JSON objects (under any content type),
 * the route's own wrong-typed / missing-field objects, and valid-looking JSON under a wrong
 * content type.
 */
export function malformedRequests(
  badObjects: fc.Arbitrary<object>,
): fc.Arbitrary<MalformedRequest> {
  const asJson = (payload: string) => ({ payload, contentType: "application/json" });
  return fc.oneof(
    fc.record({ payload: notAnObject, contentType: fc.constantFrom(...contentTypes) }),
    badObjects.map((value) => asJson(JSON.stringify(value))),
    fc
      .tuple(
        badObjects,
        fc.constantFrom(...contentTypes.filter((type) => !type.startsWith("application/json"))),
      )
      .map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType })),
  );
}

/** Extra fields a client might add beside the real ones. */
export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((key) => key !== "__proto__"),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);
