// The part of llm_guardrail's API the scanner benchmark calls (the package ships no types).
declare module "llm_guardrail" {
  interface Verdict {
    allowed: boolean;
    detected: boolean;
    confidence: number;
  }
  export function checkAll(
    prompt: string,
  ): Promise<{ allowed: boolean; threatsDetected: string[] }>;
  export function checkInjection(prompt: string): Promise<Verdict>;
}
