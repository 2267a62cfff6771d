import { compile, type HtmlToTextOptions } from "html-to-text";
import { decodeText } from "./decode.js";
import { documentFactory } from "./document.js";
import type { Loader } from "./types.js";

const titlePattern = /<title[^>]*>([\s\S]*?)<\/title>/i;

/** Readable text: no wrapping, links without URLs, images as their alt text, scripts dropped. */
const htmlOptions: HtmlToTextOptions = {
  wordwrap: false,
  formatters: {
    altText: (elem, _walk, builder) => {
      const alt = elem.attribs?.alt?.trim();
      if (alt) builder.addInline(alt);
    },
  },
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "altText" },
    { selector: "script", format: "skip" },
    { selector: "style", format: "skip" },
    { selector: "noscript", format: "skip" },
    { selector: "template", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "h4", options: { uppercase: false } },
    { selector: "h5", options: { uppercase: false } },
    { selector: "h6", options: { uppercase: false } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
};

/**
 * The converters, compiled once per thread: html-to-text's `convert(html, options)` compiles its
 * options (selectors, formatters) again on every call, ~10% of loading a page.
 */
const convertBody = compile(htmlOptions);
const convertTitle = compile({ wordwrap: false });

/** Convert an HTML string to readable text (the title, when present, is the first line). */
export function htmlToText(html: string): { text: string; title?: string } {
  const rawTitle = titlePattern.exec(html)?.[1];
  const title = rawTitle ? convertTitle(rawTitle).trim() : undefined;
  const body = convertBody(html).trim();
  const text = title && !body.startsWith(title) ? `${title}\n\n${body}` : body;
  return title ? { text, title } : { text };
}

/**
 * Load an HTML page as one Document of readable text: scripts and styles removed, alt text and
 * the title kept (`metadata.title`). Hidden elements are kept on purpose so scanners see them.
 *
 * @example
 * const { documents } = await loadHtml(bytes, { source: "page.html" });
 */
export const loadHtml: Loader = async (bytes, { source }) => {
  const createDocument = await documentFactory();
  const { text: html, encoding } = decodeText(bytes);
  const { text, title } = htmlToText(html);
  const extra: Record<string, unknown> = { encoding };
  if (title) extra.title = title;
  return { documents: [createDocument(text, source, "html", extra)], warnings: [] };
};
