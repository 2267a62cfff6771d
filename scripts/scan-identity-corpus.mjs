// The identity corpus of the scanner dump scripts (dump-scan-outputs.mjs, scan-dump-ingest.mjs):
// every file under ../shared/data, fixtures/docs, test/detectors/toxicity/fixtures, test/fixtures
// and scripts/train (1000-char chunks, lines, JSON strings), disguised variants (homoglyphs,
// zero-width, leet, base64, hex, ROT13, tabs/CRLF, double spaces) of every seventh text, 13,000
// generated bench chunks (seeds 7, 42, 3) and 20,000 random strings of boundary, Unicode and
// attack fragments; ~420k texts with ../shared/data, deduplicated, in a fixed order.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
function filesUnder(dir) {
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}
function stringsOf(v, out) {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const i of v) stringsOf(i, out);
  else if (v && typeof v === "object") for (const i of Object.values(v)) stringsOf(i, out);
}
function chunks(t, size = 1000) {
  const o = [];
  for (let s = 0; s < t.length; s += size) o.push(t.slice(s, s + size));
  return o;
}
function textsOfFile(p) {
  const raw = readFileSync(p);
  const t = raw[0] === 0xff && raw[1] === 0xfe ? raw.toString("utf16le") : raw.toString("utf8");
  const out = [];
  if (/\.(pdf|docx|png|gz)$/.test(p)) return out;
  if (p.endsWith(".json")) {
    try {
      stringsOf(JSON.parse(t), out);
    } catch {
      out.push(...chunks(t));
    }
    return out;
  }
  if (p.endsWith(".jsonl")) {
    for (const l of t.split("\n"))
      if (l.trim()) {
        try {
          stringsOf(JSON.parse(l), out);
        } catch {}
      }
    return out;
  }
  out.push(...chunks(t));
  for (const l of t.split("\n")) if (l.trim().length >= 8) out.push(l);
  return out;
}
const swaps = { a: "а", e: "е", o: "о", i: "і", c: "с" };
function disguises(text, i) {
  const short = text.slice(0, 300);
  const sentence = short.split(/[.!?\n]/)[0] ?? short;
  const rot = short.replace(/[a-zA-Z]/g, (c) => {
    const b = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
  return [
    short.replace(/[aeoic]/g, (c) => swaps[c] ?? c),
    short.replace(/ /g, i % 2 === 0 ? " \u200b" : "\u00a0"),
    short.toUpperCase().replace(/E/g, "3").replace(/O/g, "0"),
    `Reference: ${Buffer.from(sentence).toString("base64")} (see appendix).`,
    `Checksum ${Buffer.from(sentence).toString("hex")} verified.`,
    rot,
    short.replace(/\b(\w)(\w)(\w)(\w)\b/g, "$1 $2 $3 $4"),
    `Ｔｈｅ ｎｏｔｅ: ${short}`,
    short.replace(/\. /g, ".\t\t").replace(/\n/g, "\r\n"),
    short.replace(/ /g, "  ").replace(/\./g, ".\n\n"),
  ];
}
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Random mixes of boundary-ish characters and words: stress the splitters and normalizers. */
function fuzz(n, seed) {
  const r = seeded(seed);
  const atoms = [
    "a",
    "ai",
    "AI",
    "the",
    "Note",
    "ignore",
    "maintenance",
    ".",
    "!",
    "?",
    ";",
    " ",
    " ",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\t",
    "\r\n",
    "\u00a0",
    "\u2028",
    "\u200b",
    "é",
    "ﬁ",
    "Ａ",
    "1",
    "3",
    "@",
    "*",
    "'",
    "`",
    '"',
    ":",
    "-",
    "i g n o r e",
    "system:",
    "assistant",
    "User:",
    "f*ck",
    "idiot",
    "a.i.",
    "e.g.",
    "Dr.",
    "😀",
    "\ud800",
    "ß",
    "İ",
    "ǅ",
    "к",
  ];
  const out = [];
  for (let k = 0; k < n; k++) {
    let t = "";
    const len = 1 + Math.floor(r() * 120);
    for (let j = 0; j < len; j++) t += atoms[Math.floor(r() * atoms.length)];
    out.push(t);
  }
  return out;
}
export async function corpus({ generated = 6000 } = {}) {
  // The bench's seeded generator, from this checkout whatever build is measured (needs tsx).
  const { generateChunks } = await import(join(repo, "bench/corpus.ts"));
  const texts = [];
  const shared = join(repo, "../shared/data");
  for (const p of filesUnder(shared)) texts.push(...textsOfFile(p));
  for (const p of filesUnder(join(repo, "fixtures/docs"))) texts.push(...textsOfFile(p));
  for (const p of filesUnder(join(repo, "test/detectors/toxicity/fixtures")))
    texts.push(...textsOfFile(p));
  for (const p of filesUnder(join(repo, "test/fixtures"))) texts.push(...textsOfFile(p));
  for (const p of filesUnder(join(repo, "scripts/train")))
    if (/\.(jsonl|json|txt)$/.test(p) && !/weights/.test(p)) texts.push(...textsOfFile(p));
  const attacks = texts.filter((t) => t.length >= 20).filter((_, i) => i % 7 === 0);
  attacks.forEach((t, i) => {
    texts.push(...disguises(t, i));
  });
  texts.push(...generateChunks(generated, 1000, 7));
  texts.push(...generateChunks(generated, 1000, 42));
  texts.push(...generateChunks(1000, 500, 3, { pii: false }));
  texts.push(...fuzz(20000, 99));
  return [...new Set(texts)];
}
