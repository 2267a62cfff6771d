import type { z } from "zod";

/** One FastAPI (pydantic 2) validation detail: what, where (`["body", "prompt"]`), why, and the input. */
export interface ValidationDetail {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
}

/** pydantic's error type and message for a value of the wrong JSON type. */
const typeErrors: Readonly<Record<string, [type: string, msg: string]>> = {
  string: ["string_type", "Input should be a valid string"],
  boolean: ["bool_parsing", "Input should be a valid boolean"],
  array: ["list_type", "Input should be a valid list"],
  tuple: ["tuple_type", "Input should be a valid tuple"],
  number: ["float_type", "Input should be a valid number"],
  object: ["dict_type", "Input should be a valid dictionary"],
};

/**
 * The input echoed back, as FastAPI does, but bounded: nesting past 16 levels and containers past
 * 100 entries are cut (marked "..."), so a hostile body cannot blow up the error answer.
 */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth >= 16) return "...";
  if (Array.isArray(value)) {
    const items = value.slice(0, 100).map((item) => bounded(item, depth + 1));
    return value.length > 100 ? [...items, "..."] : items;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, 100).map(([key, item]) => [key, bounded(item, depth + 1)]);
  if (entries.length > 100) kept.push(["...", "..."]);
  return Object.fromEntries(kept);
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function literalMessage(values: readonly unknown[]): string {
  const quoted = values.map((value) => `'${String(value)}'`);
  const last = quoted.pop();
  return `Input should be ${quoted.length > 0 ? `${quoted.join(", ")} or ${last}` : last}`;
}

function detailFor(issue: z.core.$ZodIssue, body: unknown): Omit<ValidationDetail, "loc"> {
  const input = valueAt(body, issue.path);
  if (
    issue.path.length === 0 &&
    (typeof body !== "object" || body === null || Array.isArray(body))
  ) {
    return {
      type: "model_attributes_type",
      msg: "Input should be a valid dictionary or object to extract fields from",
      input: body,
    };
  }
  if (issue.code === "invalid_type") {
    if (input === undefined) return { type: "missing", msg: "Field required", input: body };
    const [type, msg] = typeErrors[issue.expected] ?? [`${issue.expected}_type`, issue.message];
    return { type, msg, input };
  }
  if (issue.code === "invalid_value") {
    return { type: "literal_error", msg: literalMessage(issue.values), input };
  }
  if (issue.code === "too_big" || issue.code === "too_small") {
    const type = issue.code === "too_big" ? "too_long" : "too_short";
    return { type, msg: issue.message, input };
  }
  return { type: issue.code, msg: issue.message, input };
}

/**
 * zod issues as FastAPI words them (pydantic 2's `exc.errors()`): `missing` / "Field required"
 * with the whole body as input, `string_type` / "Input should be a valid string", ...
 *
 * @example
 * validationDetails(schema.safeParse({}).error!, {}); // [{ type: "missing", loc: ["body", "prompt"], msg: "Field required", input: {} }]
 */
export function validationDetails(error: z.ZodError, body: unknown): ValidationDetail[] {
  return error.issues.map((issue) => {
    const parent = issue.code === "invalid_type" && valueAt(body, issue.path) === undefined;
    const input = parent ? valueAt(body, issue.path.slice(0, -1)) : undefined;
    const detail = detailFor(issue, body);
    return {
      ...detail,
      ...("input" in detail || parent ? { input: bounded(parent ? input : detail.input) } : {}),
      loc: ["body", ...issue.path.map((part) => (typeof part === "number" ? part : String(part)))],
    };
  });
}
