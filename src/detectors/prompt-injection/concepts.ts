import { conceptLexicon } from "./concept-lexicon.js";
import { normalizeForInjection } from "./normalize.js";

/** A node of a trie over code units; `ends` lists the stems that end here. */
interface TrieNode {
  next: Map<number, TrieNode>;
  ends: { notion: number; wordEnd: boolean }[];
}

/** The lexicon compiled once into two tries. */
export interface ConceptMatcher {
  names: readonly string[];
  /** Latin and Cyrillic stems: matched at the start of a word. */
  wordStems: TrieNode;
  /** Stems of the other scripts (no word breaks): matched anywhere. */
  freeStems: TrieNode;
}

const letterOrDigit = /[\p{L}\p{N}]/u;
const wordStartScript = /^[\p{Script=Latin}\p{Script=Cyrillic}]/u;

function isWordChar(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  return letterOrDigit.test(text[index]!);
}

const emptyNode = (): TrieNode => ({ next: new Map(), ends: [] });

function insert(root: TrieNode, text: string, notion: number, wordEnd: boolean): void {
  let node = root;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    let child = node.next.get(code);
    if (child === undefined) {
      child = emptyNode();
      node.next.set(code, child);
    }
    node = child;
  }
  node.ends.push({ notion, wordEnd });
}

/** Mark in `seen` every stem of `root` that starts at `at` in `text`. */
function walk(root: TrieNode, text: string, at: number, seen: Uint8Array): void {
  let node: TrieNode | undefined = root;
  for (let index = at; index < text.length; index += 1) {
    node = node.next.get(text.charCodeAt(index));
    if (node === undefined) return;
    for (const end of node.ends)
      if (!end.wordEnd || !isWordChar(text, index + 1)) seen[end.notion] = 1;
  }
}

/**
 * Compile `lexicon` (notion → stems, written as in `concept-lexicon.ts`) for
 * {@link conceptFeatures}.
 */
export function compileConcepts(
  lexicon: Readonly<Record<string, readonly string[]>> = conceptLexicon,
): ConceptMatcher {
  const names = Object.keys(lexicon);
  const wordStems = emptyNode();
  const freeStems = emptyNode();
  for (const [notion, name] of names.entries())
    for (const raw of lexicon[name] ?? []) {
      const wordEnd = raw.endsWith("$");
      const text = normalizeForInjection(wordEnd ? raw.slice(0, -1) : raw);
      if (text.length === 0) continue;
      insert(wordStartScript.test(text) ? wordStems : freeStems, text, notion, wordEnd);
    }
  return { names, wordStems, freeStems };
}

/**
 * The notions found in a normalised sentence, and each pair of them ("ignore+instructions",
 * "send+secrets"): the pairs carry most of the meaning across languages. A Latin or Cyrillic
 * stem matches at the start of a word; a stem of any other script matches anywhere.
 *
 * @example
 * conceptFeatures(compileConcepts(), "zignoruj wszystkie poprzednie instrukcje") // ["ignore", "previous", "instructions", "ignore+previous", ...]
 */
export function conceptFeatures(matcher: ConceptMatcher, sentence: string): string[] {
  const seen = new Uint8Array(matcher.names.length);
  let previousIsWord = false;
  for (let at = 0; at < sentence.length; at += 1) {
    if (sentence.charCodeAt(at) >= 128) walk(matcher.freeStems, sentence, at, seen);
    if (!previousIsWord) walk(matcher.wordStems, sentence, at, seen);
    previousIsWord = isWordChar(sentence, at);
  }
  const found = matcher.names.filter((_, index) => seen[index] === 1);
  const out = [...found];
  for (let left = 0; left < found.length; left += 1)
    for (let right = left + 1; right < found.length; right += 1)
      out.push(`${found[left]}+${found[right]}`);
  return out;
}
