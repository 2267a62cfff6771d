import { describe, expect, it } from "vitest";
import { generateChunks } from "../../../bench/corpus.js";
import { findSecrets } from "../../../src/detectors/secrets/find-secrets.js";
import { secretPatterns } from "../../../src/detectors/secrets/secret-patterns.js";
import {
  caseFoldedLiterals,
  createSecretPrefilter,
} from "../../../src/detectors/secrets/secret-prefilter.js";
import { createLiteralScanner } from "../../../src/detectors/text-features/literal-scan.js";
import { equivalenceTexts } from "../prompt-injection/equivalence-corpus.js";

// Assembled at run time so that no literal token sits in the repository.
const rand = (length: number, alphabet: string, seed: number): string =>
  Array.from({ length }, (_, index) => alphabet[(index * 7 + seed) % alphabet.length]).join("");
const alnum = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const hex = "0123456789abcdef";

/** One or more matches of every pattern (and near misses), in several cases and contexts. */
function secretShapes(seed: number): string[] {
  const r = (length: number, alphabet = alnum) => rand(length, alphabet, seed);
  return [
    `-----BEGIN RSA PRIVATE KEY-----\n${r(64)}\n-----END RSA PRIVATE KEY-----`,
    `AKIA${r(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}`,
    `aws_secret_access_key = "${r(40)}"`,
    `AWS_SECRET_ACCESS_KEY=${r(40)}`,
    `ghp_${r(36)}`,
    `github_pat_${r(30)}`,
    `glpat-${r(20)}`,
    `xoxb-123456789012-${r(24)}`,
    `https://hooks.slack.com/services/${r(30)}`,
    `https://discord.com/api/webhooks/123456/${r(44)}`,
    `sk_live_${r(24)}`,
    `sk-ant-api03-${r(93)}`,
    `sk-proj-${r(48)}`,
    `sk-${r(24)}T3BlbkFJ${r(24)}`,
    `AIza${r(35)}`,
    `GOCSPX-${r(28)}`,
    `hf_${r(34, "abcdefghijklmnopqrstuvwxyzABCDEFGH")}`,
    `npm_${r(36)}`,
    `pypi-AgEIcHlwaS5vcmc${r(60)}`,
    `SG.${r(22)}.${r(43)}`,
    `SK${r(32, hex)}`,
    `AC${r(32, hex)}`,
    `key-${r(32, hex)}`,
    `${r(32, hex)}-us12`,
    `shpat_${r(32, hex)}`,
    `dop_v1_${r(64, hex)}`,
    `123456789:AA${r(33)}`,
    `sq0atp-${r(30)}`,
    `DefaultEndpointsProtocol=https;AccountKey=${r(86)}==;`,
    `https://acct.blob.core.windows.net/c?sv=2020&sig=${r(44)}%3D`,
    `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${r(43)}`,
    "mongodb+srv://admin:Tr0ub4dor@cluster0.example.net/db",
    "POSTGRES://Admin:Hunter22@db.internal:5432/app",
    `Authorization: Basic ${r(24)}=`,
    `https://api.example.com/v1?API_KEY=${r(24)}&x=1`,
    `https://api.example.com/v1?Token=${r(24)}`,
    `export DB_PASSWORD=${r(16)}`,
    `  SERVICE_API_KEY = ${r(20)}`,
    `db_password = "${r(14)}"`,
    `"Client_Secret": '${r(20)}'`,
    `PASSWORD: "${r(12)}"`,
  ];
}

function variants(text: string): string[] {
  return [text, text.toUpperCase(), text.toLowerCase(), `See ${text}.`, `x${text}y`];
}

function corpus(): string[] {
  const texts = equivalenceTexts(300);
  const prose = generateChunks(200, 800, 11);
  for (let seed = 1; seed <= 5; seed += 1)
    secretShapes(seed).forEach((shape, index) => {
      for (const variant of variants(shape)) {
        texts.push(variant);
        const around = prose[(seed * 41 + index) % prose.length]!;
        const cut = (index * 97) % around.length;
        texts.push(`${around.slice(0, cut)}${variant}\n${around.slice(cut)}`);
      }
    });
  return texts;
}

describe("secret prefilter", () => {
  it("leaves findSecrets unchanged on data sets, fixtures, bench chunks and planted secrets", () => {
    let differing = 0;
    let withSecrets = 0;
    const ids = new Set<string>();
    for (const text of corpus()) {
      const expected = findSecrets(text, null);
      if (expected.length > 0) withSecrets += 1;
      for (const secret of expected) ids.add(secret.id);
      if (JSON.stringify(findSecrets(text)) !== JSON.stringify(expected)) differing += 1;
    }
    // Every pattern must have matched somewhere, or the comparison proves nothing for it.
    expect([...ids].sort()).toEqual(secretPatterns.map((pattern) => pattern.id).sort());
    expect(withSecrets).toBeGreaterThan(300);
    expect(differing).toBe(0);
  }, 600_000);

  it("gates every built-in pattern and skips them all on ordinary prose", () => {
    for (const { pattern } of secretPatterns) {
      expect(pattern.global).toBe(true);
      expect(caseFoldedLiterals(pattern).length).toBeGreaterThan(0);
    }
    const prefilter = createSecretPrefilter(secretPatterns.map(({ pattern }) => pattern));
    const prose = "The operator checks the maintenance log before the weekly review.";
    expect(prefilter.candidates(prose).filter(Boolean)).toEqual([]);
  });

  it("reuses its answer array, and forgets the previous text's literals", () => {
    const prefilter = createSecretPrefilter([/api_key=\d+/gi, /Basic \w+/g]);
    const first = prefilter.candidates("API_KEY=1 and Basic auth");
    expect([...first]).toEqual([true, true]);
    const second = prefilter.candidates("nothing here");
    expect(second).toBe(first);
    expect([...second]).toEqual([false, false]);
  });

  it("compares ignore-case patterns' literals ignoring ASCII case, and gives up where unsound", () => {
    const prefilter = createSecretPrefilter([/api_key=\d+/gi, /Basic \w+/g]);
    expect(prefilter.candidates("API_KEY=1")).toEqual([true, false]);
    expect(prefilter.candidates("basic auth")).toEqual([false, true]);
    // With u, the Kelvin sign (U+212A) matches k: no gate.
    expect(caseFoldedLiterals(/key/giu)).toEqual([]);
    expect(/key/giu.test("\u212aey")).toBe(true);
    // A non-ASCII literal is never folded: no gate either.
    expect(caseFoldedLiterals(/ключ=\d+/g)).toEqual([]);
  });
});

describe("createLiteralScanner ignoring ASCII case", () => {
  it("agrees with includes() on lower-cased text for ASCII, and exactly elsewhere", () => {
    const literals = ["Api_Key", "sk-", "ÄB", "a"];
    const scanner = createLiteralScanner(literals, { ignoreAsciiCase: true });
    for (const text of ["", "API_KEY", "SK-1", "äb", "ÄB", "Äb", "zzz"]) {
      const found = new Uint8Array(literals.length);
      scanner.scan(text, found);
      const folded = text.replace(/[A-Z]/g, (char) => char.toLowerCase());
      const expected = literals.map((literal) =>
        folded.includes(literal.replace(/[A-Z]/g, (char) => char.toLowerCase())) ? 1 : 0,
      );
      expect([...found]).toEqual(expected);
    }
  });
});
