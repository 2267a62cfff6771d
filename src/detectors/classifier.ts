/**
 * A text classifier behind a scanner: text in, probability of the positive class out.
 * The built-in detectors and the optional ONNX backend both implement it.
 */
export interface TextClassifier {
  /** Short identifier shown in logs and eval output, e.g. `builtin-prompt-injection-v1`. */
  readonly id: string;
  /** Probability in [0, 1] that `text` is positive (an injection, toxic, ...). */
  predict(text: string): number | Promise<number>;
  /** Optional batched form; scanners use it when present. */
  predictBatch?(texts: readonly string[]): number[] | Promise<number[]>;
}
