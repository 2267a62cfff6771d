/**
 * Load a module (or anything async) on first use and keep the promise: the catalogue's libraries
 * (eld, js-tiktoken, highlight.js, ...) stay out of `import "ragguard"` until a scanner needs one.
 *
 * @example
 * const eld = lazy(() => import("eld/small"));
 * const { eld: detector } = await eld();
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

/** `[REDACTED]`, LLM Guard's replacement for banned text. */
export const redactedMark = "[REDACTED]";

/** Escape a string for use inside a `RegExp`. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
