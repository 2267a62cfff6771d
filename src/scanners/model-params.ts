/**
 * LLM Guard's transformer-only scanner params. ragguard's built-in detectors have no transformer
 * to tune, so these are accepted (an LLM Guard `scanners.yml` loads unchanged) and reported once
 * as not applicable. `model_path` is the exception where ragguard can honour it: a scanner that
 * takes a local ONNX `model` folder gets `model: { path, maxLength }` from it.
 */
export const modelOnlyParams = [
  "model_max_length",
  "model_path",
  "model_batch_size",
  "model_onnx_file_name",
  "use_onnx",
  "device",
] as const;

const modelOnly: ReadonlySet<string> = new Set(modelOnlyParams);
const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Scanner types whose ragguard class accepts a local transformer `model` folder. */
export const modelFolderScanners: ReadonlySet<string> = new Set([
  "PromptInjection",
  "Toxicity",
  "BanTopics",
  "Bias",
  "EmotionDetection",
  "Gibberish",
  "NoRefusal",
]);

/** Whether `key` (snake_case or camelCase) is one of {@link modelOnlyParams}. */
export function isModelOnlyParam(key: string): boolean {
  return modelOnly.has(camelToSnake(key));
}

/**
 * `params` without LLM Guard's model-only keys; `model_path` becomes `model: { path }` (with
 * `model_max_length` as its `maxLength`) for a scanner type in {@link modelFolderScanners} that
 * has no `model` of its own.
 *
 * @example
 * withoutModelParams("Toxicity", { threshold: 0.9, model_max_length: 256 }); // { threshold: 0.9 }
 */
export function withoutModelParams(
  type: string,
  params: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let path: unknown;
  let maxLength: unknown;
  for (const [key, value] of Object.entries(params)) {
    const snake = camelToSnake(key);
    if (!modelOnly.has(snake)) out[key] = value;
    else if (snake === "model_path") path = value;
    else if (snake === "model_max_length") maxLength = value;
  }
  if (typeof path === "string" && path !== "" && modelFolderScanners.has(type)) {
    if (out.model === undefined) {
      out.model = typeof maxLength === "number" && maxLength > 0 ? { path, maxLength } : { path };
    }
  }
  return out;
}

/** One scanner whose config carries params that do nothing here. */
export interface NotApplicableParams {
  /** `input_scanners[1]` */
  where: string;
  type: string;
  keys: string[];
}

/**
 * The model-only params of a scanner list that ragguard does not use (`model_path` counts as used
 * on a scanner that takes a model folder), for one warning at start.
 *
 * @example
 * notApplicableParams([{ type: "BanCode", params: { model_max_length: 256 } }], "input_scanners");
 * // [{ where: "input_scanners[0]", type: "BanCode", keys: ["model_max_length"] }]
 */
export function notApplicableParams(
  configs: readonly { type: string; params?: Readonly<Record<string, unknown>> | null }[],
  list: string,
): NotApplicableParams[] {
  const found: NotApplicableParams[] = [];
  for (const [index, config] of configs.entries()) {
    const params = config.params ?? {};
    const usesFolder =
      modelFolderScanners.has(config.type) && typeof params.model_path === "string";
    const keys = Object.keys(params).filter((key) => {
      if (!isModelOnlyParam(key)) return false;
      const snake = camelToSnake(key);
      return !(usesFolder && (snake === "model_path" || snake === "model_max_length"));
    });
    if (keys.length > 0) found.push({ where: `${list}[${index}]`, type: config.type, keys });
  }
  return found;
}
