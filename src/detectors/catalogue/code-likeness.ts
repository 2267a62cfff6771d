/** Lines that read as source code: statements, declarations, calls, comments, markup. */
const codeLinePatterns: readonly RegExp[] = [
  /[;{}]\s*$/,
  /^\s*(?:def|class|import|from|return|if|elif|else|for|while|function|const|let|var|public|private|protected|static|async|await|package|fn|func|impl|struct|enum|interface|using|namespace|try|catch|except|finally|switch|case|echo|export)\b.*[(:{=;,]/,
  /^\s*#(?:include|define|ifndef|endif|pragma)\b/,
  /^\s*(?:import\s+[\w.]+|from\s+[\w.]+\s+import\b|return\b|raise\b|throw\b|yield\b|break;?$|continue;?$|pass$|package\s+[\w.]+|using\s+[\w.]+;|require\s*\()/,
  /^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER)\s+[\w*]/i,
  /^\s*(?:\/\/|\/\*|\*\/|#!|--\s)/,
  /^\s*[\w.$[\]"']+\s*(?:[+\-*/%|&]?=|:=|=>|->)\s*\S/,
  /^\s*[\w.$]+\s*\([^()]*\)\s*;?\s*$/,
  /^\s*<\/?[a-z][\w-]*(?:\s[^>]*)?>/i,
  /^\s*[)\]}]+[;,)]?\s*$/,
];

const fence = /^\s*(?:```|~~~)/;

/**
 * How much of a text is source code, 0..1: the share of its non-empty lines that read as code
 * ({@link codeLinePatterns}), lines inside a fenced block counted as code. A rule of thumb, not a
 * classifier: prose with many formulas or a shell transcript can read as code.
 *
 * @example
 * codeShare("def f(x):\n    return x + 1"); // 1
 */
export function codeShare(text: string): number {
  let lines = 0;
  let code = 0;
  let fenced = false;
  for (const line of text.split("\n")) {
    if (fence.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (line.trim() === "") continue;
    lines += 1;
    if (fenced || codeLinePatterns.some((pattern) => pattern.test(line))) code += 1;
  }
  return lines === 0 ? 0 : code / lines;
}
