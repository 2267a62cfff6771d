import { contentWords, wordCosine } from "./content-words.js";

/** Letters two words must share at the start to count as one (`configure`/`configuration`). */
const sharedPrefix = 5;
/** Pseudo-count of the prior: with little text on either side the overlap says little. */
const priorWeight = 1;
/** Overlap assumed before any evidence: an answer is as likely relevant as not. */
const prior = 0.5;

const key = (word: string) => (/^\p{N}/u.test(word) ? word : word.slice(0, sharedPrefix));

/**
 * How related an answer is to its prompt, 0..1, from shared vocabulary (no embeddings): the
 * larger of the cosine of the two texts' content-word counts and the smoothed share of the
 * shorter side's distinct words found in the other, (shared + ½) / (words + 1), words matched by
 * their first five letters after stemming. A short answer that repeats one of the question's
 * words ("Port 5432." to "Which port does PostgreSQL use?") reaches 0.5; a text with no content
 * words is not judged (0.5); an answer in other words than the question's still scores low.
 */
export function relevanceSimilarity(prompt: string, output: string): number {
  const promptWords = contentWords(prompt);
  const outputWords = contentWords(output);
  const promptKeys = new Set(promptWords.map(key));
  const outputKeys = new Set(outputWords.map(key));
  let shared = 0;
  for (const word of outputKeys) if (promptKeys.has(word)) shared += 1;
  const smallest = Math.min(promptKeys.size, outputKeys.size);
  const containment = (shared + prior * priorWeight) / (smallest + priorWeight);
  return Math.max(wordCosine(promptWords, outputWords), containment);
}
