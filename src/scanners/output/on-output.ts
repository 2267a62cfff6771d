import type { OutputScanner } from "../../scan/scan-output.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";

/**
 * Use a prompt scanner on model outputs (LLM Guard's output Regex, Toxicity, BanSubstrings, ...
 * check the output alone): `scanOutput(prompt, output)` scans `output`, the prompt unused.
 *
 * @example
 * const toxicity = onOutput(new Toxicity());
 * await toxicity.scanOutput("Tell me a joke", answer);
 */
export function onOutput(scanner: Scanner): OutputScanner {
  return {
    name: scanner.name,
    scanOutput: (_prompt: string, output: string): ScanResult | Promise<ScanResult> =>
      scanner.scan(output),
  };
}
