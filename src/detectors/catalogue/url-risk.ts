import { domainToUnicode } from "node:url";
import type { parse as ParseUrl } from "tldts";
import { foldHomoglyphs } from "../text-features/normalize.js";
import { createPrivateAddressCheck } from "./public-address.js";

type Parse = typeof ParseUrl;

/** TLDs that abuse reports (Spamhaus, Interisle) list far above their share of domains. */
const riskyTlds: ReadonlySet<string> = new Set(
  "zip mov xyz top tk ml ga cf gq click country kim work loan men date racing review stream download gdn bid win party science cricket faith accountant icu cyou rest buzz monster su cam quest sbs".split(
    " ",
  ),
);
const shorteners: ReadonlySet<string> = new Set(
  "bit.ly tinyurl.com goo.gl is.gd ow.ly cutt.ly t.ly rb.gy shorturl.at tiny.cc buff.ly rebrand.ly s.id t.co v.gd qrco.de lnkd.in shorturl.com tr.im".split(
    " ",
  ),
);
/** Brands phishing imitates most; short names (≤ 4 letters) must be a whole host token. */
const brands = [
  "paypal",
  "apple",
  "icloud",
  "microsoft",
  "office365",
  "outlook",
  "google",
  "gmail",
  "amazon",
  "netflix",
  "facebook",
  "instagram",
  "whatsapp",
  "linkedin",
  "wellsfargo",
  "chase",
  "bankofamerica",
  "citibank",
  "hsbc",
  "barclays",
  "dhl",
  "fedex",
  "ups",
  "usps",
  "coinbase",
  "binance",
  "metamask",
  "dropbox",
  "docusign",
  "adobe",
  "steam",
];
/** Registrable domains a brand uses besides `<brand>.<suffix>`. */
const brandDomains: ReadonlySet<string> = new Set(
  "microsoftonline.com office.com live.com googleapis.com googleusercontent.com gstatic.com amazonaws.com paypalobjects.com fbcdn.net steampowered.com steamcommunity.com chase.com appleid.apple.com".split(
    " ",
  ),
);
const lureWords =
  /(?:^|[.-])(?:login|log-in|signin|sign-in|verify|verification|secure|security|account|update|wallet|unlock|support-?team|webscr|confirm|billing|recover|reset|redelivery|upgrade|mailbox|invoice|payment|refund|suspended|alert)(?:[.-]|$)/;
/** Files that run when opened on Windows: almost never a legitimate link target in a message (`.js` is left out: web pages load it). */
const scriptFile = /\.(?:scr|bat|cmd|ps1|vbs|vbe|jse|wsf|hta|lnk|pif|cpl|reg)$/i;
/** Installers and archives of programs: common and legitimate from a vendor, risky elsewhere. */
const programFile = /\.(?:exe|msi|jar|apk|dll|iso|img|dmg|appx|msix)$/i;

const isPrivateAddress = createPrivateAddressCheck();

/** One reason a URL looks risky, with its weight (0..1). */
export interface UrlRiskSignal {
  reason: string;
  weight: number;
}

/** Load `tldts` (its public-suffix list) on first use; pass the result to {@link urlRiskSignals}. */
export async function loadDomainParser(): Promise<Parse> {
  return (await import("tldts")).parse;
}

/** Host tokens (split at dots, hyphens and digits), homoglyphs of an IDN host folded. */
function hostTokens(host: string): string[] {
  const unicode = host.includes("xn--") ? domainToUnicode(host) : host;
  const folded = foldHomoglyphs(unicode.normalize("NFKD").replace(/\p{M}+/gu, "")).toLowerCase();
  return folded.split(/[^a-z]+/).filter((token) => token !== "");
}

/** The brand a token names: the whole token, or its start for brands of five letters or more. */
function brandOf(token: string): string | undefined {
  return brands.find((brand) => token === brand || (brand.length >= 5 && token.startsWith(brand)));
}

/** A label that looks machine-made: long, with letters and digits mixed or no vowels. */
function randomLabel(label: string): boolean {
  return label.split("-").some((part) => {
    if (part.length < 12) return false;
    const digits = part.replace(/\D/g, "").length;
    return (digits >= 3 && digits <= part.length - 3) || /[^aeiou\d]{6,}/.test(part);
  });
}

/**
 * The signals a URL's text shows, with no network: an IP host, userinfo (the `user@host` trick),
 * an IDN host that folds to a brand, punycode, a brand outside its own domain or inside a
 * look-alike one, a risky TLD, a shortener, a machine-made label, a script or program download,
 * lure words, deep subdomains, an odd port, plain HTTP. Weights are independent evidence.
 */
export function urlRiskSignals(url: URL, parse: Parse): UrlRiskSignal[] {
  const signals: UrlRiskSignal[] = [];
  const info = parse(url.href);
  const host = url.hostname.toLowerCase();
  const add = (reason: string, weight: number) => signals.push({ reason, weight });
  // A public IP literal hides who runs the site; loopback and LAN addresses are a developer's.
  if (info.isIp && !isPrivateAddress(host.replace(/^\[|\]$/g, ""))) add("ip_host", 0.55);
  if (url.username !== "" || url.password !== "") {
    // "https://accounts.google.com@evil.ru/": the part a reader sees is not the host.
    const shown = decodeURIComponent(url.username);
    const posing = hostTokens(shown).some((token) => brandOf(token) !== undefined);
    if (posing || /\.[a-z]{2,}$/i.test(shown)) add("userinfo_poses_as_host", 0.85);
    else add("userinfo", 0.6);
  }
  const domain = info.domain ?? host;
  const domainLabel = info.domainWithoutSuffix ?? "";
  const suffixTokens = (info.publicSuffix ?? "").split(".");
  // A brand's own domain, or a brand TLD (blog.google, aws.amazon).
  const official =
    brandDomains.has(domain) || brandDomains.has(host) || suffixTokens.some((t) => brandOf(t));
  const labels = host.split(".");
  const idn = labels.some((label) => label.startsWith("xn--"));
  const tokens = hostTokens(host);
  const domainTokens = hostTokens(domainLabel);
  const brandInHost = tokens.map(brandOf).find((brand) => brand !== undefined);
  if (idn) {
    // An IDN host that folds to a brand is a homoglyph look-alike (xn--pple-43d.com → аpple).
    add(brandInHost === undefined ? "punycode" : "homoglyph_brand", brandInHost ? 0.9 : 0.4);
  } else if (brandInHost !== undefined && !official) {
    const brandInDomain = domainTokens.map(brandOf).find((brand) => brand !== undefined);
    if (brandInDomain === undefined) add("brand_outside_domain", 0.7);
    else if (domainLabel !== brandInDomain && /[-\d]/.test(domainLabel)) {
      // "dhl-redelivery-fee", "paypal2": a brand dressed up; "googleblog" is left alone.
      add("brand_lookalike_domain", 0.6);
    }
  }
  const tld = info.publicSuffix ?? "";
  if (riskyTlds.has(tld)) add("risky_tld", 0.35);
  if (shorteners.has(domain)) add("shortener", 0.5);
  if (labels.some(randomLabel)) add("random_label", 0.45);
  if (lureWords.test(host)) add("lure_word", 0.25);
  if (labels.length > 4) add("deep_subdomains", 0.2);
  if (url.port !== "" && url.port !== "80" && url.port !== "443") add("odd_port", 0.2);
  if (scriptFile.test(url.pathname)) add("script_download", 0.7);
  else if (programFile.test(url.pathname)) add("program_download", 0.4);
  if (url.protocol === "http:" && signals.length > 0) add("plain_http", 0.1);
  return signals;
}

/** A URL's risk, 0..1: signals combined as independent evidence, 1 − Π(1 − weight). */
export function urlRisk(url: URL, parse: Parse): number {
  return 1 - urlRiskSignals(url, parse).reduce((clean, signal) => clean * (1 - signal.weight), 1);
}

/** Script-running URLs in a text: `javascript:`/`vbscript:` links and HTML or script `data:` URLs. */
const scriptUrl =
  /(?<![\p{L}\p{N}])(?:(?:java|vb)script:|data:(?:text\/html|text\/javascript|application\/(?:x-)?javascript|image\/svg\+xml)[;,])/iu;

/** The risk of script URLs in `text`: 0.9 when there is one, else 0. */
export function scriptUrlRisk(text: string): number {
  return scriptUrl.test(text.replace(/\s+(?=:)|(?<=:)\s+/g, "")) ? 0.9 : 0;
}

/**
 * Undo common URL defanging and obfuscation so the finder sees the link: `hxxp://`, `[.]`,
 * `(.)`, `{.}`, `[dot]`, `[:]`, fullwidth and ideographic full stops.
 */
export function refangUrls(text: string): string {
  return text
    .replace(/\bh(?:xx|\*\*|tt)p(s?)(?:\[:\]|:)/gi, "http$1:")
    .replace(/\s?(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\})\s?/gi, ".")
    .replace(/[\u3002\uFF0E\uFF61]/g, ".");
}
