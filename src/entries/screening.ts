// ragguard/screening: prompt screening for LangChain chains (needs @langchain/core, a
// dependency); the createAgent middleware is in "ragguard/agents" (needs the optional peer langchain).
export {
  type CreateScreeningOptions,
  createScreening,
  type Screening,
} from "../screening/create-screening.js";
export {
  Deanonymizer,
  type DeanonymizerOptions,
  type DeanonymizerValue,
} from "../screening/deanonymizer.js";
export { createPromptScanners } from "../screening/default-scanners.js";
export { type GuardPromptOptions, guardPrompt } from "../screening/guard-prompt.js";
export type { ConversationScanners } from "../screening/options.js";
export { PromptGuard, type PromptGuardOptions } from "../screening/prompt-guard.js";
export { PromptRejectedError, type PromptRejection } from "../screening/prompt-rejected-error.js";
