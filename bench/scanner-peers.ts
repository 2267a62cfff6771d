/**
 * The npm scanner peers, run on the same chunks as ragguard's scanners (dev dependencies of the
 * bench). Each entry builds its checker once and returns the per-chunk call.
 */
export interface ScannerPeer {
  /** Row label: package and the call timed. */
  readonly name: string;
  /** What it checks, for the notes under the table. */
  readonly does: string;
  build(): Promise<(chunk: string) => unknown>;
}

export const scannerPeers: readonly ScannerPeer[] = [
  {
    name: "llm_guardrail checkAll",
    does: "three TF-IDF + logistic-regression classifiers: injection, jailbreak, malicious",
    async build() {
      const { checkAll } = await import("llm_guardrail");
      return (chunk) => checkAll(chunk);
    },
  },
  {
    name: "@andersmyrmel/vard safe",
    does: "prompt-injection patterns (regular expressions), no PII",
    async build() {
      const { default: vard } = await import("@andersmyrmel/vard");
      return (chunk) => vard.safe(chunk);
    },
  },
  {
    name: "@redactpii/node redact",
    does: "PII redaction by regular expressions (names after greetings, e-mail, US phone, cards, SSN)",
    async build() {
      const { Redactor } = await import("@redactpii/node");
      const redactor = new Redactor();
      return (chunk) => redactor.redact(chunk);
    },
  },
];
