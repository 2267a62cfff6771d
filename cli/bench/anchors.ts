/** Published figures of the alternatives, printed beside ours (sources in BENCHMARKS.md). */
export const anchors = {
  llmGuard: {
    source: "LLM Guard docs, benchmark tables (AWS m5.xlarge-class 4 vCPU, ONNX runtime)",
    scanners: [
      { scanner: "PromptInjection", ms: 104, chars: 384 },
      { scanner: "Toxicity", ms: 34, chars: 97 },
      { scanner: "Anonymize", ms: 129, chars: 317 },
    ],
  },
  liteLLM: {
    source: "LiteLLM proxy docs, benchmarks page",
    addedLatencyMedianMs: 3.25,
    addedLatencyP95Ms: 8,
    atRps: 1000,
  },
} as const;
