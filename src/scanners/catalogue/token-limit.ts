import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const tokenEncodings = ["cl100k_base", "o200k_base"] as const;

/** OpenAI model name prefixes and their encodings (tiktoken's `encoding_for_model`, for the models that matter). */
const modelEncodings: readonly [prefix: string, encoding: (typeof tokenEncodings)[number]][] = [
  ["gpt-4o", "o200k_base"],
  ["gpt-4.1", "o200k_base"],
  ["gpt-5", "o200k_base"],
  ["o1", "o200k_base"],
  ["o3", "o200k_base"],
  ["o4", "o200k_base"],
  ["gpt-4", "cl100k_base"],
  ["gpt-3.5", "cl100k_base"],
  ["text-embedding-3", "cl100k_base"],
  ["text-embedding-ada-002", "cl100k_base"],
];

export const tokenLimitOptionsSchema = z
  .object({
    limit: z.number().int().positive().default(4096),
    encodingName: z.enum(tokenEncodings).default("cl100k_base"),
    /** An OpenAI model name whose encoding to use instead of `encoding_name`. */
    modelName: z.string().min(1).nullish(),
  })
  .strict()
  .transform((options, context) => {
    if (!options.modelName) return { limit: options.limit, encoding: options.encodingName };
    const found = modelEncodings.find(([prefix]) => options.modelName!.startsWith(prefix));
    if (found === undefined) {
      context.addIssue({
        code: "custom",
        path: ["modelName"],
        message: `no known encoding for model ${JSON.stringify(options.modelName)} (use encoding_name: ${tokenEncodings.join(" or ")})`,
      });
      return z.NEVER;
    }
    return { limit: options.limit, encoding: found[1] };
  });

export type TokenLimitOptions = z.input<typeof tokenLimitOptionsSchema>;

async function loadEncoder(encoding: (typeof tokenEncodings)[number]) {
  const { Tiktoken } = await import("js-tiktoken/lite");
  const ranks =
    encoding === "o200k_base"
      ? (await import("js-tiktoken/ranks/o200k_base")).default
      : (await import("js-tiktoken/ranks/cl100k_base")).default;
  return new Tiktoken(ranks);
}

/**
 * LLM Guard's TokenLimit: a text of `limit` tokens or more (tiktoken's cl100k or o200k, through
 * `js-tiktoken`) is invalid with score 1 and cut to its first `limit` tokens.
 *
 * @example
 * await new TokenLimit({ limit: 4096 }).scan(longText); // { sanitized: first 4096 tokens, valid: false, score: 1 }
 */
export class TokenLimit implements Scanner {
  readonly name = "TokenLimit";
  readonly #limit: number;
  readonly #encoder;

  constructor(options: TokenLimitOptions = {}) {
    const { limit, encoding } = parseScannerOptions(tokenLimitOptionsSchema, options, "TokenLimit");
    this.#limit = limit;
    this.#encoder = lazy(() => loadEncoder(encoding));
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    // A token is at least one character: shorter texts fit without encoding them.
    if (text.length < this.#limit) return { sanitized: text, valid: true, score: 0 };
    const encoder = await this.#encoder();
    const tokens = encoder.encode(text);
    if (tokens.length < this.#limit) return { sanitized: text, valid: true, score: 0 };
    return { sanitized: encoder.decode(tokens.slice(0, this.#limit)), valid: false, score: 1 };
  }
}
