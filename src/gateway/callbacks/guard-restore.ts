/**
 * Put the originals back where the model repeated a placeholder of the request's vault. In JSON
 * text (tool-call arguments) the original is written JSON-escaped, so the arguments stay valid.
 */
export function restorePlaceholders(
  text: string,
  vault: ReadonlyMap<string, string>,
  json = false,
): string {
  if (vault.size === 0 || !text.includes("[")) return text;
  let result = text;
  for (const [placeholder, original] of vault) {
    if (!result.includes(placeholder)) continue;
    result = result
      .split(placeholder)
      .join(json ? JSON.stringify(original).slice(1, -1) : original);
  }
  return result;
}

/** Keys whose string value is JSON text (tool-call arguments). */
const jsonTextKeys = new Set(["arguments", "partial_json"]);

/** Restore placeholders in every string of a JSON value, in place. */
export function restoreInJson(value: unknown, vault: ReadonlyMap<string, string>): unknown {
  if (vault.size === 0) return value;
  if (typeof value === "string") return restorePlaceholders(value, vault);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      value[index] = restoreInJson(item, vault);
    });
  } else if (typeof value === "object" && value !== null) {
    const node = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(node)) {
      node[key] =
        typeof child === "string"
          ? restorePlaceholders(child, vault, jsonTextKeys.has(key))
          : restoreInJson(child, vault);
    }
  }
  return value;
}

/**
 * Restores placeholders in streamed text, where one may be split across deltas: the tail of a
 * delta that could still become a placeholder is held until the next delta (or {@link flush}).
 */
export class StreamRestorer {
  readonly #vault: ReadonlyMap<string, string>;
  readonly #json: boolean;
  #carry = "";

  constructor(vault: ReadonlyMap<string, string>, json: boolean) {
    this.#vault = vault;
    this.#json = json;
  }

  push(delta: string): string {
    const text = this.#carry + delta;
    const open = text.lastIndexOf("[");
    const tail = open === -1 ? "" : text.slice(open);
    const pending =
      tail !== "" && !tail.includes("]") && [...this.#vault.keys()].some((p) => p.startsWith(tail));
    this.#carry = pending ? tail : "";
    const ready = pending ? text.slice(0, open) : text;
    return restorePlaceholders(ready, this.#vault, this.#json);
  }

  /** The held tail (the stream ended inside what looked like a placeholder). */
  flush(): string {
    const rest = this.#carry;
    this.#carry = "";
    return rest;
  }
}
