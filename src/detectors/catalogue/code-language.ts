/**
 * The part of highlight.js used here. Its own type declarations reference the DOM library, which
 * would change Node's global types (FormData, fetch bodies) for the whole project, so the module
 * is imported through a plain string and typed by this interface.
 */
interface Highlighter {
  registerLanguage(name: string, grammar: unknown): void;
  highlightAuto(code: string, subset: string[]): { language?: string; relevance: number };
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
 * function naming the most likely of them for a code text (undefined when none fits).
 */
export async function loadCodeLanguageGuesser(
  languages: readonly string[],
): Promise<(code: string) => string | undefined> {
  const hljs = ((await import(hljsCore)) as { default: Highlighter }).default;
  const byGrammar = new Map<string, string>();
  for (const language of languages) {
    const grammar = codeLanguages[language];
    if (!grammar) continue;
    const module = (await import(`highlight.js/lib/languages/${grammar}.js`)) as {
      default: unknown;
    };
    hljs.registerLanguage(grammar, module.default);
    byGrammar.set(grammar, language);
  }
  const subset = [...byGrammar.keys()];
  return (code) => {
    if (subset.length === 0) return undefined;
    const result = hljs.highlightAuto(code, subset);
    return result.language !== undefined && result.relevance >= 3
      ? byGrammar.get(result.language)
      : undefined;
  };
}
