import { resourceLimits, threadId } from "node:worker_threads";
import { ConfigError } from "../../../src/common/errors.js";
import type { Scanner } from "../../../src/scan/scanner.js";
import type { Vault } from "../../../src/scanners/vault.js";
import type { ScannerConfigInput } from "../../../src/workers/scan-task.js";

/** Spin the CPU for `ms` (a CPU-bound scanner, like a model call). */
function spin(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose
  }
}

/**
 * A tiny scanner registry for pool tests: `Regex` (patterns, native RegExp, redacts), `Email`
 * (redacts e-mail addresses into the vault as `[REDACTED_EMAIL_n]`), `Spin` (CPU for `ms`), `Fail`,
 * `Stray` (throws outside the scan, killing its worker), `Heap` (scores its worker's young
 * generation limit in GB, so a test can see the pool's resource limits), `Thread` (scores its
 * worker's thread id / 1000, so a test can tell whether a worker was replaced), `Count` (scores
 * how many texts it has scanned / 1000, so a test can tell which scans ran).
 */
export function createTestScanner(config: ScannerConfigInput, deps: { vault: Vault }): Scanner {
  const params = config.params ?? {};
  let scanned = 0;
  switch (config.type) {
    case "Regex": {
      const patterns = (params.patterns as string[]).map((p) => new RegExp(p, "g"));
      return {
        name: "Regex",
        scan(text) {
          let sanitized = text;
          for (const pattern of patterns) sanitized = sanitized.replace(pattern, "[REDACTED]");
          const found = sanitized !== text;
          return { sanitized, valid: !found, score: found ? 1 : 0 };
        },
      };
    }
    case "Email":
      return {
        name: "Email",
        scan(text) {
          const sanitized = text.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, (email) => {
            const existing = deps.vault.placeholderFor(email);
            if (existing) return existing;
            const placeholder = `[REDACTED_EMAIL_${deps.vault.size + 1}]`;
            deps.vault.append([placeholder, email]);
            return placeholder;
          });
          return { sanitized, valid: sanitized === text, score: sanitized === text ? 0 : 1 };
        },
      };
    case "Spin":
      return {
        name: "Spin",
        scan(text) {
          spin(Number(params.ms ?? 50));
          return { sanitized: text, valid: true, score: 0 };
        },
      };
    case "Stray":
      return {
        name: "Stray",
        scan(text) {
          // An error thrown after the scan has answered: nobody awaits it. Not after the
          // worker's own warm-up scan, whose stray timer would race the test's first scan.
          if (text.startsWith("Warm-up")) return { sanitized: text, valid: true, score: 0 };
          setTimeout(() => {
            throw new Error("stray async failure");
          }, 10);
          return { sanitized: text, valid: true, score: 0 };
        },
      };
    case "Heap":
      return {
        name: "Heap",
        scan(text) {
          return {
            sanitized: text,
            valid: true,
            score: (resourceLimits.maxYoungGenerationSizeMb ?? 0) / 1000,
          };
        },
      };
    case "Thread":
      return {
        name: "Thread",
        scan(text) {
          return { sanitized: text, valid: true, score: threadId / 1000 };
        },
      };
    case "Count":
      return {
        name: "Count",
        scan(text) {
          scanned += 1;
          return { sanitized: text, valid: true, score: scanned / 1000 };
        },
      };
    case "Fail":
      return {
        name: "Fail",
        scan() {
          throw new Error("scanner exploded");
        },
      };
    default:
      throw new ConfigError(`input_scanners: unknown scanner type "${config.type}"`);
  }
}
