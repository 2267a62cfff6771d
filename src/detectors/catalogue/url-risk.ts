import type { parse as ParseUrl } from "tldts";

type Parse = typeof ParseUrl;

/** TLDs that abuse reports (Spamhaus, Interisle) list far above their share of domains. */
const riskyTlds: ReadonlySet<string> = new Set(
  "zip mov xyz top tk ml ga cf gq click country kim work loan men date racing review stream download gdn bid win party science cricket faith accountant icu cyou rest buzz monster".split(
    " ",
  ),
);
const shorteners: ReadonlySet<string> = new Set(
  "bit.ly tinyurl.com goo.gl is.gd ow.ly cutt.ly t.ly rb.gy shorturl.at tiny.cc buff.ly rebrand.ly s.id".split(
    " ",
  ),
);
const brands = [
  "paypal",
  "apple",
  "microsoft",
  "office365",
  "google",
  "amazon",
  "netflix",
  "facebook",
  "instagram",
  "wellsfargo",
  "chase",
  "dhl",
  "fedex",
  "coinbase",
  "binance",
  "metamask",
];
const lureWords =
  /(?:^|[.-])(?:login|signin|verify|verification|secure|account|update|wallet|unlock|support-?team|webscr)(?:[.-]|$)/;
const executable = /\.(?:exe|scr|bat|cmd|ps1|vbs|js|jar|msi|apk|dll|hta|lnk|iso|dmg)$/i;

/** One reason a URL looks risky, with its weight (0..1). */
export interface UrlRiskSignal {
  reason: string;
  weight: number;
}

/** Load `tldts` (its public-suffix list) on first use; pass the result to {@link urlRiskSignals}. */
export async function loadDomainParser(): Promise<Parse> {
  return (await import("tldts")).parse;
}

/** The signals a URL shows: an IP host, userinfo, punycode, a risky TLD, a brand outside its domain, ... */
export function urlRiskSignals(url: URL, parse: Parse): UrlRiskSignal[] {
  const signals: UrlRiskSignal[] = [];
  const info = parse(url.href);
  const host = url.hostname.toLowerCase();
  const add = (reason: string, weight: number) => signals.push({ reason, weight });
  if (info.isIp) add("ip_host", 0.5);
  if (url.username !== "" || url.password !== "") add("userinfo", 0.6);
  if (host.split(".").some((label) => label.startsWith("xn--"))) add("punycode", 0.4);
  const tld = info.publicSuffix ?? "";
  if (riskyTlds.has(tld)) add("risky_tld", 0.3);
  if (info.domain !== null && shorteners.has(info.domain)) add("shortener", 0.3);
  const domainLabel = info.domainWithoutSuffix ?? "";
  const brand = brands.find((name) => host.includes(name) && !domainLabel.includes(name));
  if (brand !== undefined) add("brand_outside_domain", 0.5);
  if (lureWords.test(host)) add("lure_word", 0.25);
  if (host.split(".").length > 4) add("deep_subdomains", 0.2);
  if (url.port !== "" && url.port !== "80" && url.port !== "443") add("odd_port", 0.2);
  if (executable.test(url.pathname)) add("executable_download", 0.5);
  if (url.protocol === "http:" && signals.length > 0) add("plain_http", 0.1);
  return signals;
}

/** A URL's risk, 0..1: signals combined as independent evidence, 1 − Π(1 − weight). */
export function urlRisk(url: URL, parse: Parse): number {
  return 1 - urlRiskSignals(url, parse).reduce((clean, signal) => clean * (1 - signal.weight), 1);
}
