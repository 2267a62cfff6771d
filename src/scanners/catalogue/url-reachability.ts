import { lookup } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { z } from "zod";
import { loadUrlFinder } from "../../detectors/catalogue/find-urls.js";
import { createPrivateAddressCheck } from "../../detectors/catalogue/public-address.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const urlReachabilityOptionsSchema = z
  .object({
    /** Statuses that count as reachable (LLM Guard's default). */
    successStatusCodes: z
      .array(z.number().int().min(100).max(599))
      .min(1)
      .default([200, 201, 202, 301, 302]),
    /** Seconds to wait for each URL's answer. */
    timeout: z.number().positive().max(60).default(5),
    /**
     * Hosts that may be called (a domain allows its subdomains). Empty (the default): no call is
     * made, every text passes — the scanner is off until a config names what it may reach.
     */
    allowedDomains: z.array(z.string().trim().toLowerCase().min(1)).default([]),
    /** Most URLs checked per text (the rest are not called). */
    maxUrls: z.number().int().positive().default(5),
  })
  .strict();

export type UrlReachabilityOptions = z.input<typeof urlReachabilityOptionsSchema>;

/** What the scanner may be given besides its options (tests pass their own address check). */
export interface UrlReachabilityDeps {
  /** True for an address the scanner must not connect to (default: private, loopback, reserved). */
  isBlockedAddress?: (address: string) => boolean;
}

class BlockedAddressError extends Error {}

/** A DNS lookup that fails for blocked addresses, so the connection never opens (no rebinding window). */
function safeLookup(isBlocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const blocked = list.find((entry) => isBlocked(entry.address));
      if (blocked !== undefined || list.length === 0) {
        return callback(
          new BlockedAddressError(`${hostname} resolves to a private address`),
          "",
          0,
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * LLM Guard's URLReachability, output scanner: every URL in the text should answer with one of
 * `success_status_codes`; the score is the share that do not. It makes network calls, so it is
 * off until `allowed_domains` names the hosts it may call; it never connects to a private,
 * loopback or reserved address (checked on the resolved addresses, the ones it connects to), and
 * each call has a `timeout`. URLs outside the allowlist are not called and do not count.
 *
 * @example
 * await new URLReachability({ allowed_domains: ["docs.example.com"] }).scan("See https://docs.example.com/a");
 */
export class URLReachability implements Scanner {
  readonly name = "URLReachability";
  readonly #options: z.output<typeof urlReachabilityOptionsSchema>;
  readonly #lookup: LookupFunction;
  readonly #isBlocked: (address: string) => boolean;
  readonly #findUrls = lazy(loadUrlFinder);

  constructor(options: UrlReachabilityOptions = {}, deps: UrlReachabilityDeps = {}) {
    this.#options = parseScannerOptions(urlReachabilityOptionsSchema, options, "URLReachability");
    this.#isBlocked = deps.isBlockedAddress ?? createPrivateAddressCheck();
    this.#lookup = safeLookup(this.#isBlocked);
  }

  /** Whether the scanner may call anything at all (`allowed_domains` given). */
  get enabled(): boolean {
    return this.#options.allowedDomains.length > 0;
  }

  #allowed(url: URL): boolean {
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    return this.#options.allowedDomains.some(
      (domain) => host === domain || host.endsWith(`.${domain}`),
    );
  }

  #reachable(url: URL): Promise<boolean> {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // An IP literal skips DNS (and so the lookup's check): check it here.
    if (/^[\d.]+$|:/.test(host) && this.#isBlocked(host)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const req = send(url, {
        method: "HEAD",
        lookup: this.#lookup,
        signal: AbortSignal.timeout(this.#options.timeout * 1000),
        headers: { "user-agent": "ragguard-url-reachability" },
      });
      req.once("response", (response) => {
        response.resume();
        resolve(this.#options.successStatusCodes.includes(response.statusCode ?? 0));
      });
      req.once("error", () => resolve(false));
      req.end();
    });
  }

  async scan(text: string): Promise<ScanResult> {
    if (!this.enabled || !(text.includes(".") || text.includes("://")))
      return { sanitized: text, valid: true, score: 0 };
    const urls = (await this.#findUrls())(text)
      .filter((url) => this.#allowed(url))
      .slice(0, this.#options.maxUrls);
    if (urls.length === 0) return { sanitized: text, valid: true, score: 0 };
    const reachable = await Promise.all(urls.map((url) => this.#reachable(url)));
    const failed = reachable.filter((ok) => !ok).length;
    return { sanitized: text, valid: failed === 0, score: failed / urls.length };
  }
}
