/** The PII entity types `Anonymize` detects (LLM Guard / Presidio names). */
export const piiEntityTypes = [
  "CREDIT_CARD",
  "CRYPTO",
  "EMAIL_ADDRESS",
  "IBAN_CODE",
  "IP_ADDRESS",
  "PERSON",
  "PHONE_NUMBER",
  "US_SSN",
  "UUID",
  "URL",
] as const;

export type PiiEntityType = (typeof piiEntityTypes)[number];

/** One detected span of personal data. */
export interface PiiMatch {
  readonly type: PiiEntityType | "CUSTOM";
  /** Offset of the first character in the scanned text. */
  readonly start: number;
  /** Offset after the last character. */
  readonly end: number;
  readonly text: string;
  /** Confidence in [0, 1]. */
  readonly score: number;
}
