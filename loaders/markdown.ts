import { createRequire } from "node:module";
import { decodeText } from "./decode.js";
import { documentFactory, scalarFields } from "./document.js";
import type { Loader } from "./types.js";

const require = createRequire(import.meta.url);

/**
 * yaml's `parse`, loaded on the first front matter: most Markdown has none, and importing yaml
 * costs each ingest worker ~0.03 CPU-s. Required, so that `splitFrontMatter` stays synchronous
 * (in Node, yaml's import and require are the same CommonJS module).
 */
function parseYaml(source: string): unknown {
  return (require("yaml") as typeof import("yaml")).parse(source);
}

const frontMatterPattern = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Split `---` YAML front matter from a Markdown body; a malformed block stays in the body. */
export function splitFrontMatter(text: string): {
  data: Record<string, unknown>;
  body: string;
  warning?: string;
} {
  const match = frontMatterPattern.exec(text);
  if (!match) return { data: {}, body: text };
  try {
    const parsed: unknown = parseYaml(match[1] ?? "");
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      return { data: {}, body: text, warning: "front matter is not a YAML mapping; kept as text" };
    }
    return { data: parsed as Record<string, unknown>, body: text.slice(match[0].length) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return {
      data: {},
      body: text,
      warning: `front matter is not valid YAML (${reason}); kept as text`,
    };
  }
}

/**
 * Load a Markdown/MDX file as one Document; YAML front matter goes into `metadata.frontMatter`
 * (scalar fields and string lists) and `metadata.title` when it has one.
 *
 * @example
 * const { documents } = await loadMarkdown(bytes, { source: "guide.md" });
 */
export const loadMarkdown: Loader = async (bytes, { source }) => {
  const createDocument = await documentFactory();
  const { text, encoding } = decodeText(bytes);
  const { data, body, warning } = splitFrontMatter(text);
  const frontMatter = scalarFields(data);
  const extra: Record<string, unknown> = { encoding };
  if (Object.keys(frontMatter).length > 0) extra.frontMatter = frontMatter;
  if (typeof frontMatter.title === "string") extra.title = frontMatter.title;
  return {
    documents: [createDocument(body, source, "markdown", extra)],
    warnings: warning ? [warning] : [],
  };
};
