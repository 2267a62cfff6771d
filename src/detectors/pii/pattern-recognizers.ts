import {
  isValidBase58Address,
  isValidBech32Address,
  isValidEthereumAddress,
} from "./crypto-address.js";
import type { PiiEntityType } from "./entity-types.js";
import { scoreIpv4 } from "./ip-context.js";
import { cjkPersonRecognizer } from "./person-cjk.js";
import { isValidIban, isValidIp, isValidSsn } from "./validators.js";

/**
 * A regex-based recognizer: every match of `pattern` (group `value` when present) is a candidate;
 * `score` returns its confidence, or 0 to reject it (a failed checksum).
 */
export interface PatternRecognizer {
  readonly type: PiiEntityType;
  readonly pattern: RegExp;
  /**
   * A cheap test that every match needs (a literal the pattern contains): when it fails, the
   * pattern is not run at all. Most chunks hold no e-mail, IPv6 address or UUID.
   */
  readonly hint?: string | RegExp | ((text: string) => boolean);
  /**
   * Every match holds an ASCII digit: skipped, with no scan of its own, on text without one
   * (one test shared by all recognizers; most chunks of prose have no digit).
   */
  readonly needsDigit?: true;
  /** `context`: up to 48 characters before the match; `after`: up to 16 after it. */
  score(value: string, context: string, after?: string): number;
}

const ssnCue = /\b(?:ssn|social security|ss#|ss no|ss number|sozialversicherungsnummer)\b/i;
const commonTlds =
  "com|org|net|edu|gov|io|ai|co|dev|app|info|biz|me|us|uk|de|fr|nl|es|it|ch|at|be|se|no|dk|fi|pl|ru|cn|jp|in|br|au|ca|eu|xyz|tech|online|site|cloud|ly|tv";
/** A label's last character, a dot and a common top-level domain: every bare host holds one. */
const tldEnding = new RegExp(`[a-z0-9]\\.(?:${commonTlds})(?![a-z0-9])`, "gi");

function isHostCharacter(code: number): boolean {
  // [a-z0-9.-] under the i flag.
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 46 ||
    code === 45
  );
}

/**
 * Whether the bare-host URL pattern can match: some {@link tldEnding} whose run of host
 * characters ([a-z0-9.-]) does not follow `@` or `_`. A match starts where its run starts (the
 * pattern's look-behind refuses a start after [@\w.-], and a host holds only host characters)
 * and its top-level domain is such an ending, so a text where every ending belongs to an e-mail
 * domain ("jane@example.com") or follows `_` has no match and the pattern need not run.
 */
export function mayHoldBareHost(text: string): boolean {
  const pattern = tldEnding;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    let start = match.index;
    while (start > 0 && isHostCharacter(text.charCodeAt(start - 1))) start -= 1;
    const before = start > 0 ? text.charCodeAt(start - 1) : -1;
    if (before !== 64 && before !== 95) {
      pattern.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/** The pattern recognizers, one row per (type, shape); order does not matter. */
export const patternRecognizers: readonly PatternRecognizer[] = [
  {
    type: "EMAIL_ADDRESS",
    // Starts only where a local part starts (not at every dot inside one), so long runs stay linear.
    pattern:
      /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@(?:[\p{L}\p{N}-]{1,63}\.){1,8}\p{L}{2,24}\b/gu,
    hint: "@",
    score: () => 1,
  },
  {
    // Obfuscated forms people write to dodge scrapers: jane [at] example [dot] com
    type: "EMAIL_ADDRESS",
    pattern:
      /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}\s*[[({<]\s*at\s*[\])}>]\s*[\p{L}\p{N}-]+(?:(?:\s*[[({<]\s*dot\s*[\])}>]\s*|\.)[\p{L}\p{N}-]+)+/giu,
    hint: /[[({<]\s*at\s*[\])}>]/i,
    score: () => 0.85,
  },
  {
    type: "IBAN_CODE",
    // Upper case, printed in groups of four or compact, so a following word never joins the match.
    pattern: /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,3})?\b/g,
    needsDigit: true,
    score: (value) => (isValidIban(value) ? 1 : 0),
  },
  {
    // Compact form in any case (no spaces, so nothing can join it).
    type: "IBAN_CODE",
    pattern: /\b[a-z]{2}\d{2}[a-z0-9]{11,30}\b/gi,
    needsDigit: true,
    score: (value) => (isValidIban(value) ? 1 : 0),
  },
  {
    type: "IP_ADDRESS",
    // Not followed by a CIDR suffix: 10.20.0.0/16 names a network, not a host.
    pattern: /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.]*\d|\/\d)/g,
    hint: /\d\.\d/,
    needsDigit: true,
    score: scoreIpv4,
  },
  {
    type: "IP_ADDRESS",
    pattern:
      /(?<![\w:])(?:[0-9a-f]{1,4}:){1,7}(?::|(?::[0-9a-f]{1,4}){1,6}|[0-9a-f]{1,4})(?:%\w+)?(?![\w:])|(?<![\w:])::(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4}(?![\w:])/gi,
    hint: /:[0-9a-f]{0,4}:/i,
    score: (value) => {
      const address = value.split("%")[0] ?? value;
      if (!isValidIp(address) || !/[0-9a-f]{1,4}:[0-9a-f]{0,4}:/i.test(address)) return 0;
      return 0.95;
    },
  },
  {
    type: "US_SSN",
    pattern: /(?<![\d-])\d{3}([- .]?)\d{2}\1\d{4}(?![\d-])/g,
    needsDigit: true,
    score: (value, context) => {
      if (!isValidSsn(value)) return 0;
      const separated = /\D/.test(value);
      if (ssnCue.test(context)) return 0.95;
      return separated ? 0.6 : 0.3;
    },
  },
  {
    type: "UUID",
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    hint: /-[0-9a-f]{4}-[0-9a-f]{4}-/i,
    score: () => 0.95,
  },
  {
    type: "URL",
    pattern: /\b(?:https?|ftp|wss?):\/\/[^\s<>"'`)\]]+[^\s<>"'`)\].,;:!?]/gi,
    hint: "://",
    score: () => 0.9,
  },
  {
    type: "URL",
    pattern:
      /(?<![@\w.-])www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?:\/[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?])?/giu,
    hint: /www\./i,
    score: () => 0.85,
  },
  {
    type: "URL",
    pattern: new RegExp(
      `(?<![@\\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${commonTlds})(?:\\/[^\\s<>"'\`)\\]]*[^\\s<>"'\`)\\].,;:!?])?(?![\\w@-])`,
      "gi",
    ),
    hint: mayHoldBareHost,
    score: () => 0.6,
  },
  {
    type: "CRYPTO",
    pattern: /\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b/g,
    needsDigit: true,
    score: (value) => (isValidBase58Address(value) ? 1 : 0),
  },
  {
    type: "CRYPTO",
    pattern: /\b(?:bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87}\b/g,
    hint: /bc1/i,
    needsDigit: true,
    score: (value) => (isValidBech32Address(value) ? 1 : 0),
  },
  {
    type: "CRYPTO",
    pattern: /\b0x[0-9a-fA-F]{40}\b/g,
    hint: "0x",
    score: (value) => (isValidEthereumAddress(value) ? 0.95 : 0),
  },
  cjkPersonRecognizer,
];

/**
 * One pass for the case-insensitive regex hints (an obfuscated e-mail, IPv6, a UUID, `www.`,
 * bech32), which almost no text holds: it matches exactly when one of them does, so a text it
 * does not match skips those recognizers without a pass per hint.
 */
export const rareHints: RegExp = new RegExp(
  patternRecognizers
    .flatMap(({ hint }) => (hint instanceof RegExp && hint.flags === "i" ? [hint.source] : []))
    .map((source) => `(?:${source})`)
    .join("|"),
  "i",
);
