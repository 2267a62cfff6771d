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
  return {
    push(piece) {
      const buffer = held + piece;
      const cut = safeCut(vault, buffer);
      held = buffer.slice(cut);
      return restore(buffer.slice(0, cut));
    },
    flush() {
      const rest = held;
      held = "";
      return restore(rest);
    },
  };
}

/**
 * What a stream tail is compared with: each placeholder in lower case, and without its opening
 * bracket, because a case-insensitive restore also accepts `redacted_person_1` from a model.
 */
function holdCandidates(vault: Vault): string[] {
  return vaultPlaceholders(vault).flatMap((placeholder) => {
    const lower = placeholder.toLowerCase();
    return lower.startsWith("[") && lower.length > 1 ? [lower, lower.slice(1)] : [lower];
  });
}

/** Where the emittable part of `buffer` ends: before a possible partial placeholder at its end. */
function safeCut(vault: Vault, buffer: string): number {
  const placeholders = holdCandidates(vault);
  if (placeholders.length === 0) return buffer.length;
  const longest = Math.max(...placeholders.map((placeholder) => placeholder.length));
  let cut = buffer.length;
  for (let start = Math.max(0, buffer.length - longest + 1); start < buffer.length; start++) {
    const tail = buffer.slice(start).toLowerCase();
    if (placeholders.some((p) => p.length > tail.length && p.startsWith(tail))) {
      cut = start;
      break;
    }
  }
  // A complete placeholder must not be cut in two by the hold point.
  const pattern = placeholderPattern(vault);
  for (const match of pattern ? buffer.matchAll(pattern) : []) {
    const end = match.index + match[0].length;
    if (match.index < cut && end > cut) return end;
  }
  return cut;
}
