import type { Vault } from "../scanners/vault.js";
import { placeholderPattern, restorePlaceholders, vaultPlaceholders } from "./vault-text.js";

/** Restores placeholders in a text that arrives in pieces. */
export interface StreamRestorer {
  /** Add the next piece; returns the restored text that is safe to emit now (may be ""). */
  push(piece: string): string;
  /** End of stream: the restored rest of the held text. */
  flush(): string;
}

/**
 * A restorer for streamed text: it holds back the end of the text that could still become a
 * placeholder (a placeholder split across two or more chunks), and emits everything before it
 * with the originals restored. The vault is read on every piece, so entries added during the
 * stream count.
 *
 * @example
 * const restorer = createStreamRestorer(vault);
 * restorer.push("Write to [REDACTED_EM"); // "Write to "
 * restorer.push("AIL_ADDRESS_1] now");     // "jane@example.com now"
 * restorer.flush();                        // ""
 */
export function createStreamRestorer(
  vault: Vault,
  restore: (text: string) => string = (text) => restorePlaceholders(vault, text),
): StreamRestorer {
  let held = "";
  let plan: HoldPlan | undefined;
  // The vault rarely changes during a stream: rebuild the plan only when it did.
  const currentPlan = (): HoldPlan => {
    const entries = vault.get();
    const key = `${entries.length}\u0000${entries.at(-1)?.[0] ?? ""}`;
    if (plan?.key !== key) plan = makePlan(vault, key);
    return plan;
  };
  // No placeholder (even without its brackets) fits in a shorter text: skip the restore call.
  const restoreIfLong = (text: string, current: HoldPlan): string =>
    text.length < current.shortest ? text : restore(text);
  return {
    push(piece) {
      const current = currentPlan();
      const buffer = held + piece;
      const cut = safeCut(current, buffer);
      held = buffer.slice(cut);
      return restoreIfLong(buffer.slice(0, cut), current);
    },
    flush() {
      const rest = held;
      held = "";
      return restoreIfLong(rest, currentPlan());
    },
  };
}

interface HoldPlan {
  key: string;
  /** Each placeholder in lower case, and without its opening bracket. */
  candidates: string[];
  /** The first characters of the candidates: a tail can only start with one of them. */
  starts: Set<string>;
  longest: number;
  /** Length of the shortest text a restore could change. */
  shortest: number;
  /** Every placeholder as written, for the "never cut one in two" check. */
  pattern: RegExp | undefined;
}

/**
 * What a stream tail is compared with: each placeholder in lower case, and without its opening
 * bracket, because a case-insensitive restore also accepts `redacted_person_1` from a model.
 */
function makePlan(vault: Vault, key: string): HoldPlan {
  const placeholders = vaultPlaceholders(vault);
  const candidates = placeholders.flatMap((placeholder) => {
    const lower = placeholder.toLowerCase();
    return lower.startsWith("[") && lower.length > 1 ? [lower, lower.slice(1)] : [lower];
  });
  const lengths = placeholders.map((placeholder) => placeholder.length);
  return {
    key,
    candidates,
    starts: new Set(candidates.map((candidate) => candidate[0] ?? "")),
    longest: lengths.length > 0 ? Math.max(...lengths) : 0,
    shortest: lengths.length > 0 ? Math.max(1, Math.min(...lengths) - 2) : Number.POSITIVE_INFINITY,
    pattern: placeholderPattern(vault),
  };
}

/** Where the emittable part of `buffer` ends: before a possible partial placeholder at its end. */
function safeCut(plan: HoldPlan, buffer: string): number {
  if (plan.candidates.length === 0) return buffer.length;
  let cut = buffer.length;
  for (let start = Math.max(0, buffer.length - plan.longest + 1); start < buffer.length; start++) {
    if (!plan.starts.has(buffer.charAt(start).toLowerCase())) continue;
    const tail = buffer.slice(start).toLowerCase();
    if (plan.candidates.some((p) => p.length > tail.length && p.startsWith(tail))) {
      cut = start;
      break;
    }
  }
  // A complete placeholder must not be cut in two by the hold point.
  for (const match of plan.pattern ? buffer.matchAll(plan.pattern) : []) {
    const end = match.index + match[0].length;
    if (match.index < cut && end > cut) return end;
  }
  return cut;
}
