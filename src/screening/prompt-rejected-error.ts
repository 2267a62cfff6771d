import { AppError } from "../common/errors.js";

/** What a rejected prompt's scan found; never the prompt text itself. */
export interface PromptRejection {
  /** Validity per scanner key (`Toxicity`, `PromptInjection`, `Regex#2`, ...). */
  resultsValid: Record<string, boolean>;
  /** Score per scanner key, 0.0 = nothing detected, 1.0 = detected with certainty. */
  resultsScore: Record<string, number>;
  /** Length in characters of the prompt that was screened (all screened texts together). */
  promptLength: number;
  /** The keys that made the prompt invalid (those not in `ignoreInvalid`). */
  failedScanners: string[];
}

/**
 * Thrown when a screened prompt fails one of its scanners. It carries the validity and score maps
 * and the prompt's length so callers can log or answer with them; it never carries the prompt text.
 *
 * @example
 * try {
 *   await guardPrompt(userText, { scanners });
 * } catch (error) {
 *   if (error instanceof PromptRejectedError) log.warn({ failed: error.failedScanners }, "rejected");
 * }
 */
export class PromptRejectedError extends AppError {
  readonly resultsValid: Record<string, boolean>;
  readonly resultsScore: Record<string, number>;
  readonly promptLength: number;
  readonly failedScanners: string[];

  constructor(rejection: PromptRejection) {
    const failed = rejection.failedScanners;
    super(
      `Prompt rejected by ${failed.length === 1 ? "scanner" : "scanners"}: ${failed.join(", ")}`,
      {
        status: 400,
        code: "prompt_rejected",
        expose: true,
        details: {
          failed_scanners: failed,
          scanners: rejection.resultsScore,
          prompt_length: rejection.promptLength,
        },
      },
    );
    this.resultsValid = { ...rejection.resultsValid };
    this.resultsScore = { ...rejection.resultsScore };
    this.promptLength = rejection.promptLength;
    this.failedScanners = [...failed];
  }
}
