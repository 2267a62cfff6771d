import { z } from "zod";
import { ConfigError } from "../../common/errors.js";
import type { PiFeatureConfig } from "./features.js";

/** The three kinds of text the detector has an operating point for. */
export const piSources = ["prompt", "document", "tool_output"] as const;
export type PiSource = (typeof piSources)[number];

/** The weights file written by `npm run train -- prompt-injection` (JSON in the package). */
export const piModelFileSchema = z.object({
  format: z.literal("ragguard-pi-v2"),
  id: z.string().min(1),
  bits: z.number().int().min(10).max(22),
  charNgrams: z.array(z.number().int().min(2).max(6)).min(1),
  bias: z.number(),
  /** Dequantisation factor of `weights` (int16 values, little-endian, base64). */
  scale: z.number().positive(),
  weights: z.string(),
  /** Decision threshold per kind of text, each chosen for a false-positive rate ≤ 1 %. */
  thresholds: z.object({ prompt: z.number(), document: z.number(), tool_output: z.number() }),
  /** Training record (data counts, validation figures); informative only. */
  trainedOn: z.record(z.string(), z.unknown()).optional(),
});

export type PiModelFile = z.infer<typeof piModelFileSchema>;

/** A loaded model: feature configuration, dense weights, bias and thresholds. */
export interface PiModel extends PiFeatureConfig {
  id: string;
  bias: number;
  weights: Float32Array;
  thresholds: Record<PiSource, number>;
}

/** Parse and dequantise a weights file; throws a `ConfigError` naming the problem. */
export function loadPiModel(file: unknown): PiModel {
  const parsed = piModelFileSchema.safeParse(file);
  if (!parsed.success)
    throw new ConfigError(`invalid prompt-injection model file: ${parsed.error.message}`);
  const { bits, weights, scale } = parsed.data;
  const bytes = Buffer.from(weights, "base64");
  const size = 1 << bits;
  if (bytes.length !== size * 2)
    throw new ConfigError(
      `prompt-injection model ${parsed.data.id}: expected ${size} int16 weights, got ${bytes.length / 2}`,
    );
  const dense = new Float32Array(size);
  for (let index = 0; index < size; index += 1) dense[index] = bytes.readInt16LE(index * 2) * scale;
  return {
    id: parsed.data.id,
    bits,
    charNgrams: parsed.data.charNgrams,
    bias: parsed.data.bias,
    weights: dense,
    thresholds: parsed.data.thresholds,
  };
}
