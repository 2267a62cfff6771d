import type { Random } from "../lib/random.js";
import { sidePart } from "./directive-grammar.js";
import type { Side } from "./writeup-negatives.js";

/**
 * Places a sentence can hide in besides prose: code comments, HTML comments and hidden elements,
 * markdown alt text and link titles, JSON/YAML fields, CSV cells, e-mail signatures, review and
 * comment sections. The same wrappers carry attacks (positives) and ordinary sentences
 * (negatives), so the format alone never decides. Every 4th wrapper of each list validates.
 */
const names = ["Lena Fischer", "Omar Haddad", "Priya Nair", "Tom Berg", "Ana Souza", "Kenji Mori"];
const titles = ["Accounts", "Operations", "Sales", "Support lead", "Procurement", "HR"];
const users = ["jk_88", "anna.b", "mike77", "dr_lee", "sunny", "throwaway42", "kat"];

function slug(random: Random): string {
  return random.pick(["pump", "chart", "logo", "diagram", "setup", "step-3", "team", "map"]);
}

const wrappers: readonly ((sentence: string, random: Random) => string)[] = [
  (s) => `function handle(req) {\n  // ${s}\n  return next(req);\n}`,
  (s) => `def load(path):\n    # ${s}\n    with open(path) as f:\n        return f.read()`,
  (s) => `/* ${s} */\nexport const retries = 3;`,
  (s) => `-- ${s}\nSELECT id, total FROM orders WHERE status = 'open';`,
  (s) => `class Parser:\n    """${s}"""\n    def run(self): ...`,
  (s) => `<!-- ${s} -->\n<p>Opening hours: Monday to Friday.</p>`,
  (s) => `<div class="note" style="display:none">${s}</div>`,
  (s) => `<span hidden>${s}</span>`,
  (s) => `<meta name="description" content="${s.replace(/"/g, "'")}">`,
  (s, r) => `<img src="${slug(r)}.png" alt="${s.replace(/"/g, "'")}">`,
  (s, r) => `![${s.replace(/[[\]]/g, "")}](${slug(r)}.png)`,
  (s, r) => `See the [guide](docs/${slug(r)}.md "${s.replace(/"/g, "'")}").`,
  (s) => `> ${s}`,
  (s) => `[^1]: ${s}`,
  (s, r) =>
    `{"id": ${100 + r.int(900)}, "name": "Widget", "notes": "${s.replace(/"/g, "'")}", "price": 19.99}`,
  (s, r) => `title: Release ${1 + r.int(9)}.${r.int(10)}\nnotes: |\n  ${s}\nowner: ops`,
  (s, r) => `metadata:\n  author: ${r.pick(names)}\n  comment: "${s.replace(/"/g, "'")}"`,
  (s, r) =>
    `id,name,comment\n${10 + r.int(90)},${r.pick(names)},"Fine"\n${10 + r.int(90)},${r.pick(names)},"${s.replace(/"/g, "'")}"`,
  (s, r) =>
    `sku;desc\n${4000 + r.int(999)};Cable 2m\n${4000 + r.int(999)};"${s.replace(/"/g, "'")}"`,
  (s, r) => `Best regards,\n${r.pick(names)} | ${r.pick(titles)}\n${s}`,
  (s, r) => `Thanks!\n--\n${r.pick(names)}\n${r.pick(titles)}, Northwind Ltd.\n${s}`,
  (s, r) =>
    `Reviews (${2 + r.int(30)})\n${r.pick(users)} ★★★★☆: Works fine.\n${r.pick(users)}: ${s}`,
  (s, r) => `Comments\n${r.pick(users)} wrote: ${s}\n${r.pick(users)} wrote: +1`,
  (s, r) => `| field | value |\n|---|---|\n| owner | ${r.pick(names)} |\n| note | ${s} |`,
  (s) => `<tr><td>Remarks</td><td>${s}</td></tr>`,
  (s, r) => `[${r.pick(["INFO", "WARN", "DEBUG"])}] 2024-03-0${1 + r.int(9)} worker-2: ${s}`,
  (s) => `% ${s}\n\\section{Results}`,
  (s, r) => `<option value="${r.int(9)}" title="${s.replace(/"/g, "'")}">Standard</option>`,
];

/** Wrap `sentence` in one seeded format from `side`'s wrappers. */
export function wrapInFormat(sentence: string, random: Random, side: Side): string {
  return random.pick(sidePart(wrappers, side))(sentence, random);
}

const hiddenMarkup = [
  (s: string) => `<span hidden>${s}</span>`,
  (s: string) => `<div hidden>${s}</div>`,
  (s: string) => `<div class="visually-hidden">${s}</div>`,
  (s: string) => `<p aria-hidden="true">${s}</p>`,
  (s: string) => `<div style="display:none">${s}</div>`,
  (s: string) => `<span class="hidden">${s}</span>`,
  (s: string) => `<template>${s}</template>`,
];

/** Wrap an ordinary sentence in hidden markup (negatives only: hidden is not an attack by itself). */
export function hideInMarkup(sentence: string, random: Random): string {
  return random.pick(hiddenMarkup)(sentence);
}
