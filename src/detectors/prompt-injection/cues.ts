/**
 * Structural cues of a planted instruction that word and character n-grams see poorly: forged
 * chat turns, end-of-document markers, conditional instructions to a summariser, hidden markup,
 * data-carrying links. Each match becomes one extra feature (`cue:<name>`) whose weight the
 * trainer learns; a cue alone decides nothing.
 */
export const structuralCues: readonly { name: string; pattern: RegExp }[] = [
  {
    name: "forged-turn",
    pattern:
      /^\W{0,6}(?:system|assistant|user|human|ai|bot|developer|model|instruction|sys)\s*(?:message|prompt|note|notice)?\s*[:>\]|]|<\|?(?:im_start|system|assistant|user)\|?>|\[\/?inst\]|\[\/?system\]|###\s*(?:instruction|system|response)/u,
  },
  {
    name: "end-marker",
    pattern:
      /(?:\bend\s+of\s+(?:the\s+)?(?:document|text|file|e-?mail|message|context|input|data|report|review|content)\b|<\/(?:document|context|data|text|input)>|\[(?:end|eof|\/?done)\]|-{3,}\s*end\b|={3,}|\beof\b)/u,
  },
  {
    name: "if-asked",
    pattern:
      /\b(?:if|when|whenever|once)\s+(?:you\s+are\s+|you're\s+|someone\s+)?(?:asked|requested|told|prompted|summari[sz]ing|reading|processing|parsing|reviewing|screening|evaluating)\b/u,
  },
  {
    name: "hidden-markup",
    pattern: /<!--|display\s*:\s*none|font-size\s*:\s*0|color\s*:\s*(?:white|#fff)/u,
  },
  { name: "data-link", pattern: /!\[[^\]]*\]\(https?:|https?:\/\/\S+[?&]\w+=(?:\{|\[|<|%7b)/u },
  {
    name: "second-person-order",
    pattern:
      /^(?:please\s+|now\s+|also\s+|instead\s+|first\s+|then\s+)?(?:you\s+(?:must|should|will|need to|have to|are required to)\b)/u,
  },
];

/** The names of the cues that match normalised `sentence`. */
export function matchingCues(sentence: string): string[] {
  const out: string[] = [];
  for (const cue of structuralCues) if (cue.pattern.test(sentence)) out.push(cue.name);
  return out;
}
