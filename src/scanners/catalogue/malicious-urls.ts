import { z } from "zod";
import { loadUrlFinder } from "../../detectors/catalogue/find-urls.js";
import {
  loadDomainParser,
  refangUrls,
  scriptUrlRisk,
  urlRisk,
} from "../../detectors/catalogue/url-risk.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const maliciousUrlsOptionsSchema = z
  .object({ threshold: z.number().min(0).max(1).default(0.5) })
  .strict();

export type MaliciousUrlsOptions = z.input<typeof maliciousUrlsOptionsSchema>;

/**
 * LLM Guard's MaliciousURLs: the riskiest URL in the text sets the score; at `threshold` the text
 * is invalid. LLM Guard classifies each URL with a CodeBERT model trained on phishing and malware
 * lists; ragguard scores the URL's shape with no network (`urlRiskSignals`: an IP host, the
 * `user@host` trick, a homoglyph or punycode host, a brand name outside its own domain or in a
 * look-alike one, a risky TLD, a shortener, a machine-made label, a script or program download,
 * ...), found with `linkify-it` after undoing defanging (`hxxp`, `[.]`) and split with `tldts`;
 * `javascript:` and HTML `data:` URLs score 0.9. It knows no block list: a clean-looking URL on a
 * known-bad domain passes.
 *
 * @example
 * await new MaliciousURLs().scan("Log in at http://paypal.com.account-verify.xyz/login"); // valid: false
 */
export class MaliciousURLs implements Scanner {
  readonly name = "MaliciousURLs";
  readonly #threshold: number;
  readonly #findUrls = lazy(loadUrlFinder);
  readonly #parse = lazy(loadDomainParser);

  constructor(options: MaliciousUrlsOptions = {}) {
    this.#threshold = parseScannerOptions(
      maliciousUrlsOptionsSchema,
      options,
      "MaliciousURLs",
    ).threshold;
  }

  async scan(text: string): Promise<ScanResult> {
    const scripted = text.includes(":") ? scriptUrlRisk(text) : 0;
    // No dot (plain or defanged), no web URL: skips loading linkify-it for most texts.
    if (!/[.\u3002\uFF0E\uFF61]|\[dot\]|\(dot\)/i.test(text)) return this.#result(text, scripted);
    const urls = (await this.#findUrls())(refangUrls(text));
    if (urls.length === 0) return this.#result(text, scripted);
    const parse = await this.#parse();
    const score = urls.reduce((max, url) => Math.max(max, urlRisk(url, parse)), scripted);
    return this.#result(text, score);
  }

  #result(text: string, score: number): ScanResult {
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
