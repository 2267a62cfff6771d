/**
 * CPU cost of findPii per character on texts built to be hard for it, at three lengths, so the
 * cost per character can be compared across lengths (flat = linear):
 * `nice npx tsx bench/pii-linear.ts`. Prints CPU microseconds per character (process.cpuUsage,
 * the median of five rounds of fresh texts after a warm-up round) for every PII type at once.
 * A figure, not a test.
 */
import { piiEntityTypes } from "../src/detectors/pii/entity-types.js";
import { findPii, loadPiiResources } from "../src/detectors/pii/find-pii.js";

/** A small deterministic generator, so every run measures the same texts. */
function digitsFrom(seed: number): (count: number) => string {
  let state = seed;
  return (count) => {
    let out = "";
    for (let index = 0; index < count; index += 1) {
      state = (state * 1103515245 + 12345) % 2147483648;
      out += String(state % 10);
    }
    return out;
  };
}

const fill = (length: number, piece: (index: number) => string): string => {
  let text = "";
  for (let index = 0; text.length < length; index += 1) text += piece(index);
  return text.slice(0, length);
};

const digits = digitsFrom(7);
const kinds: Record<string, (length: number) => string> = {
  prose: (n) =>
    fill(n, () => "The quarterly review moved to Thursday; the draft is in the shared folder. "),
  names: (n) => fill(n, (i) => `Dear ${["Jane Smith", "Łukasz Żółkiewski", "Priya"][i % 3]}, `),
  "phones 3-3-4": (n) => fill(n, () => `${digits(3)}-${digits(3)}-${digits(4)} `),
  "phones 4-4-2": (n) => fill(n, () => `${digits(4)} ${digits(4)} ${digits(2)}, `),
  "phones +intl": (n) => fill(n, () => `+${digits(2)} ${digits(3)} ${digits(3)} ${digits(3)}; `),
  "digit runs": (n) => digits(n),
  "spaced digits": (n) => fill(n, () => `${digits(1)} `),
  "dotted quads": (n) => fill(n, () => `${digits(2)}.${digits(2)}.${digits(1)}.${digits(2)} `),
  "capitalised words": (n) => fill(n, () => "Aaron Bbbb Cccc Dddd "),
  "lower case": (n) => fill(n, () => "my friend john smith said hi "),
};

const resources = await loadPiiResources();
const lengths = [1_000, 4_000, 16_000];

function cpuMicros(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

console.log(
  `kind               ${lengths.map((n) => `${n} chars`.padStart(12)).join("")}  (CPU µs/char)`,
);
for (const [kind, make] of Object.entries(kinds)) {
  const perChar = lengths.map((length) => {
    // Fresh texts every round: the phone memo must not flatter repeated numbers.
    const repeats = Math.max(2, Math.round(32_000 / length));
    const texts = Array.from({ length: repeats * 6 }, () => make(length));
    for (const text of texts.slice(0, repeats)) findPii(text, piiEntityTypes, resources, 0.5);
    const rounds = Array.from({ length: 5 }, (_, round) => {
      const batch = texts.slice((round + 1) * repeats, (round + 2) * repeats);
      const micros = cpuMicros(() => {
        for (const text of batch) findPii(text, piiEntityTypes, resources, 0.5);
      });
      return micros / (repeats * length);
    }).sort((a, b) => a - b);
    return rounds[2]!;
  });
  console.log(
    `${kind.padEnd(19)}${perChar.map((value) => value.toFixed(3).padStart(12)).join("")}`,
  );
}
