import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateChunks } from "../../../bench/corpus.js";

/**
 * Every text the speed work must leave unchanged: the prompt-injection data sets and the dev
 * planted-injection set (../shared/data), the sample corpus (fixtures/docs), the string literals
 * of the detector tests, generated bench chunks, and disguised variants (homoglyphs, invisible
 * characters, leetspeak, base64, hex, ROT13) of the attack texts so every view is exercised.
 * Test helper only; reads files at call time.
 */

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const sharedData = join(repoRoot, "../shared/data");
const chunkSize = 1000;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) stringsOf(item, out);
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length; start += chunkSize)
    out.push(text.slice(start, start + chunkSize));
  return out;
}

/** Texts of one file: JSON strings, JSONL strings, or 1000-character chunks plus lines. */
function textsOfFile(path: string): string[] {
  const raw = readFileSync(path);
  const text = raw[0] === 0xff && raw[1] === 0xfe ? raw.toString("utf16le") : raw.toString("utf8");
  const out: string[] = [];
  if (path.endsWith(".json")) {
    stringsOf(JSON.parse(text), out);
    return out;
  }
  if (path.endsWith(".jsonl")) {
    for (const line of text.split("\n")) if (line.trim() !== "") stringsOf(JSON.parse(line), out);
    return out;
  }
  if (/\.(?:pdf|docx)$/.test(path)) return out;
  out.push(...chunks(text));
  for (const line of text.split("\n")) if (line.trim().length >= 8) out.push(line);
  return out;
}

/** String literals ("…" and `…` without interpolation) of the detector test files. */
function testLiterals(): string[] {
  const dir = join(repoRoot, "test/detectors/prompt-injection");
  const literal = /"((?:[^"\\\n]|\\.){8,})"|`([^`$\\]{8,})`/g;
  const out: string[] = [];
  for (const path of filesUnder(dir).filter((file) => file.endsWith(".test.ts"))) {
    for (const found of readFileSync(path, "utf8").matchAll(literal)) {
      if (found[1] === undefined) out.push(found[2]!);
      else {
        try {
          out.push(JSON.parse(`"${found[1]}"`) as string);
        } catch {
          out.push(found[1]);
        }
      }
    }
  }
  return out;
}

const homoglyphSwaps: Readonly<Record<string, string>> = { a: "а", e: "е", o: "о", i: "і", c: "с" };

/** Disguised forms of `text`, as an attacker would plant them. */
function disguises(text: string, index: number): string[] {
  const short = text.slice(0, 300);
  const sentence = short.split(/[.!?\n]/)[0] ?? short;
  const rot = short.replace(/[a-zA-Z]/g, (char) => {
    const base = char <= "Z" ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
  return [
    short.replace(/[aeoic]/g, (char) => homoglyphSwaps[char] ?? char),
    short.replace(/ /g, index % 2 === 0 ? " \u200b" : "\u00a0"),
    short.toUpperCase().replace(/E/g, "3").replace(/O/g, "0"),
    `Reference: ${Buffer.from(sentence).toString("base64")} (see appendix).`,
    `Checksum ${Buffer.from(sentence).toString("hex")} verified.`,
    rot,
    short.replace(/\b(\w)(\w)(\w)(\w)\b/g, "$1 $2 $3 $4"),
    `Ｔｈｅ ｎｏｔｅ: ${short}`,
  ];
}

/** True where ../shared/data (the training and dev sets) sits beside the checkout. */
export function sharedDataAvailable(): boolean {
  return existsSync(join(sharedData, "dev/planted-injection.jsonl"));
}

/** The equivalence corpus, deduplicated, in a stable order. */
export function equivalenceTexts(generated = 600): string[] {
  const texts: string[] = [];
  for (const path of filesUnder(join(sharedData, "prompt-injection")))
    texts.push(...textsOfFile(path));
  // ../shared/data sits beside the checkout on the development machine; a clone elsewhere
  // (CI's) has only the repository's own texts, which still exercise every view.
  const devSet = join(sharedData, "dev/planted-injection.jsonl");
  const planted = existsSync(devSet) ? textsOfFile(devSet) : [];
  texts.push(...planted);
  for (const path of filesUnder(join(repoRoot, "fixtures/docs"))) texts.push(...textsOfFile(path));
  const literals = testLiterals();
  texts.push(...literals);
  texts.push(...generateChunks(generated));
  const attacks = [...planted, ...literals].filter((text) => text.length >= 20);
  attacks.forEach((text, index) => {
    texts.push(...disguises(text, index));
  });
  return [...new Set(texts)];
}
