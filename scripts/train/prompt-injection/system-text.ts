import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Random } from "../lib/random.js";
import type { CorpusRow } from "./corpus.js";

/**
 * Benign text in many languages that ships with this Debian machine: translated manual pages
 * (`/usr/share/man/<lang>`, manpages-l10n and the packages' own) and translated program messages
 * (`/usr/share/locale/<lang>/LC_MESSAGES/*.mo`: apt, glib, PAM, ...). Both are full of
 * instructions to people ("enter your password", "delete the file"), the hard negatives a
 * detector of instructions to an AI must leave alone. Missing folders are skipped.
 */
export const systemLanguages: Record<string, string[]> = {
  ru: ["ru"],
  zh: ["zh_CN", "zh_TW"],
  ja: ["ja"],
  ko: ["ko"],
  ar: ["ar"],
  hi: ["hi"],
  tr: ["tr"],
  pl: ["pl"],
  de: ["de"],
  fr: ["fr"],
  es: ["es"],
  it: ["it"],
  pt: ["pt", "pt_BR"],
  nl: ["nl"],
};

/** Plain text of a roff manual page: macro lines dropped, font and escape sequences removed. */
export function roffText(source: string): string {
  return source
    .split("\n")
    .filter((line) => !line.startsWith('.\\"') && !line.startsWith("'\\\""))
    .map((line) => (line.startsWith(".") ? line.replace(/^\.\w+\s*/, "").replace(/"/g, "") : line))
    .join("\n")
    .replace(/\\f[BIRP]|\\f\(\w\w|\\\(\w\w|\\[&-]|\\\*\w|\\e/g, (match) =>
      match === "\\-" ? "-" : "",
    )
    .replace(/\n{2,}/g, "\n\n");
}

/** Translated strings of a GNU gettext `.mo` file (msgstr of every entry but the header). */
export function moStrings(buffer: Buffer): string[] {
  if (buffer.length < 28) return [];
  const magic = buffer.readUInt32LE(0);
  const read =
    magic === 0x950412de ? buffer.readUInt32LE.bind(buffer) : buffer.readUInt32BE.bind(buffer);
  if (magic !== 0x950412de && buffer.readUInt32BE(0) !== 0x950412de) return [];
  const count = read(8);
  const table = read(16);
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const length = read(table + index * 8);
    const offset = read(table + index * 8 + 4);
    if (length === 0 || offset + length > buffer.length) continue;
    out.push(...buffer.toString("utf8", offset, offset + length).split("\0"));
  }
  return out;
}

function cleanMessage(text: string): string {
  return text
    .replace(/%[-+ #0]*\d*(?:\.\d+)?[lhjzt]*[sdiufxXcp%]|\{\w*\}|%\d\$\w|_(?=\p{L})/gu, "X")
    .replace(/\s+/g, " ")
    .trim();
}

function paragraphs(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const block of text.split(/\n\s*\n/)) {
    const piece = block.trim();
    if (piece.length < 20) continue;
    current = current === "" ? piece : `${current}\n${piece}`;
    if (current.length >= 300) {
      out.push(current.slice(0, 1000));
      current = "";
    }
  }
  if (current.length >= 60) out.push(current.slice(0, 1000));
  return out;
}

function files(folder: string, test: (name: string) => boolean): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter(test)
    .map((name) => join(folder, name))
    .sort();
}

/** Manual-page chunks and program messages per language, at most `perLanguage` rows of each. */
export function loadSystemText(random: Random, perLanguage = 60): CorpusRow[] {
  const out: CorpusRow[] = [];
  for (const [lang, folders] of Object.entries(systemLanguages)) {
    const manuals = folders.flatMap((folder) =>
      files(`/usr/share/man/${folder}`, (name) => name.endsWith(".gz")).flatMap((path) =>
        paragraphs(roffText(gunzipSync(readFileSync(path)).toString("utf8"))),
      ),
    );
    for (const text of random.shuffle(manuals).slice(0, perLanguage))
      out.push({
        text,
        label: 0,
        source: "system-text",
        kind: "clean/manual",
        carrier: "document",
        lang,
      });
    const messages = [
      ...new Set(
        folders.flatMap((folder) =>
          files(`/usr/share/locale/${folder}/LC_MESSAGES`, (name) => name.endsWith(".mo")).flatMap(
            (path) => moStrings(readFileSync(path)).map(cleanMessage),
          ),
        ),
      ),
    ].filter((text) => text.length >= 25 && !text.includes("Project-Id-Version"));
    const shuffled = random.shuffle(messages);
    for (const text of shuffled.slice(0, perLanguage))
      out.push({
        text,
        label: 0,
        source: "system-text",
        kind: "clean/message",
        carrier: "prompt",
        lang,
      });
    // Groups of messages read like a settings page or a help screen: a document.
    for (
      let start = perLanguage;
      start + 6 <= Math.min(shuffled.length, perLanguage * 3);
      start += 6
    )
      out.push({
        text: shuffled.slice(start, start + 6).join("\n"),
        label: 0,
        source: "system-text",
        kind: "clean/messages",
        carrier: "document",
        lang,
      });
  }
  return out;
}
