import { z } from "zod";

/**
 * PostgreSQL `text` and `jsonb` refuse a NUL character and an unpaired UTF-16 surrogate (the
 * driver cannot encode it as UTF-8): such input is the client's mistake, answered with a 400
 * that names the field, never a database error.
 */
const unstorable = "must not contain a NUL character or an unpaired surrogate";

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isStorable(text: string): boolean {
  return !text.includes("\u0000") && !unpairedSurrogate.test(text);
}

/** A string PostgreSQL can store. */
export const storableString = z.string().refine(isStorable, unstorable);

/** The path of the first key or string inside a JSON value that PostgreSQL cannot store. */
function firstUnstorable(value: unknown, path: readonly PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === "string") return isStorable(value) ? undefined : [...path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorable(key)) return [...path, key];
      const found = firstUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** A JSON object (key metadata) whose keys and strings PostgreSQL can store. */
export const storableRecord = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const path = firstUnstorable(value, []);
  if (path) ctx.addIssue({ code: "custom", message: unstorable, path });
});
