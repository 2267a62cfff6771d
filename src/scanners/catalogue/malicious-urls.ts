import { z } from "zod";
import { loadUrlFinder } from "../../detectors/catalogue/find-urls.js";
import { loadDomainParser, urlRisk } from "../../detectors/catalogue/url-risk.js";
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
 * lists; ragguard scores the URL's shape (`urlRiskSignals`: an IP host, userinfo, punycode, a
 * brand name outside its own domain, a risky TLD, a shortener, an executable download, ...),
 * found with `linkify-it` and split with `tldts`. It knows no block list: a clean-looking URL on
 * a known-bad domain passes.
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
    // No dot, no URL: skips loading linkify-it for most texts.
    if (!text.includes(".")) return { sanitized: text, valid: true, score: 0 };
    const urls = (await this.#findUrls())(text);
    if (urls.length === 0) return { sanitized: text, valid: true, score: 0 };
    const parse = await this.#parse();
    const score = urls.reduce((max, url) => Math.max(max, urlRisk(url, parse)), 0);
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
