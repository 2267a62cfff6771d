/**
 * The part of highlight.js used here. Its own type declarations reference the DOM library, which
 * would change Node's global types (FormData, fetch bodies) for the whole project, so the module
 * is imported through a plain string and typed by this interface.
 */
interface Highlighter {
  registerLanguage(name: string, grammar: unknown): void;
  highlightAuto(
    code: string,
    subset: string[],
  ): {
    language?: string;
    relevance: number;
    secondBest?: { language?: string; relevance: number };
  };
}
const hljsCore = "highlight.js/lib/core";

/** LLM Guard's Code languages and the highlight.js grammar that recognises each. */
export const codeLanguages: Readonly<Record<string, string>> = {
  ARM_Assembly: "armasm",
  AppleScript: "applescript",
  C: "c",
  "C#": "csharp",
  "C++": "cpp",
  COBOL: "",
  Erlang: "erlang",
  Fortran: "fortran",
  Go: "go",
  Java: "java",
  JavaScript: "javascript",
  Kotlin: "kotlin",
  Lua: "lua",
  Mathematica_Wolfram_Language: "mathematica",
  PHP: "php",
  Pascal: "delphi",
  Perl: "perl",
  PowerShell: "powershell",
  Python: "python",
  R: "r",
  Ruby: "ruby",
  Rust: "rust",
  Scala: "scala",
  Swift: "swift",
  Visual_Basic_NET: "vbnet",
  jq: "",
  SQL: "sql",
  Bash: "bash",
  TypeScript: "typescript",
};

/**
 * Load highlight.js's core with the grammars of `languages` (LLM Guard names) and return a
 * function naming the two most likely of them for a code text (empty when none fits): short
 * snippets often score a close second in their real language.
 */
export async function loadCodeLanguageGuesser(
  languages: readonly string[],
): Promise<(code: string) => string[]> {
  const hljs = ((await import(hljsCore)) as { default: Highlighter }).default;
  const byGrammar = new Map<string, string>();
  for (const language of languages) {
    const grammar = codeLanguages[language];
    if (!grammar) continue;
    const module = (await import(`highlight.js/lib/languages/${grammar}`)) as {
      default: unknown;
    };
    hljs.registerLanguage(grammar, module.default);
    byGrammar.set(grammar, language);
  }
  const subset = [...byGrammar.keys()];
  return (code) => {
    if (subset.length === 0) return [];
    const best = hljs.highlightAuto(code, subset);
    const found: string[] = [];
    for (const guess of [best, best.secondBest]) {
      const name = guess?.language === undefined ? undefined : byGrammar.get(guess.language);
      if (name !== undefined && guess!.relevance >= 3) found.push(name);
    }
    return found;
  };
}
