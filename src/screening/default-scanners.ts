import { MatchType } from "../scan/match-type.js";
import type { Scanner } from "../scan/scanner.js";
import { Anonymize } from "../scanners/anonymize.js";
import { PromptInjection } from "../scanners/prompt-injection.js";
import { Toxicity } from "../scanners/toxicity.js";
import type { Vault } from "../scanners/vault.js";
import type { ConversationScanners } from "./options.js";

/**
 * The spec's prompt-screening scanners (rule 6) as a per-conversation factory: `Toxicity` and
 * `PromptInjection` (match type SENTENCE) are built once here, and each call adds an `Anonymize`
 * bound to the conversation's vault. Build the factory once and share it between conversations.
 *
 * @example
 * const scanners = createPromptScanners();
 * const screening = createScreening({ scanners }); // per conversation, cheap
 */
export function createPromptScanners(): ConversationScanners {
  const toxicity = new Toxicity();
  const injection = new PromptInjection({ matchType: MatchType.SENTENCE });
  return (vault: Vault): Scanner[] => [new Anonymize(vault), toxicity, injection];
}
