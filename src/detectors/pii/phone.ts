import type { CountryCode, PhoneNumber } from "libphonenumber-js";
import { allMatches } from "../text-features/all-matches.js";
import type { PiiMatch } from "./entity-types.js";

/** The part of libphonenumber-js the recognizer uses (injected so it can be loaded lazily). */
export type ParsePhoneNumber = (
  text: string,
  defaultCountry?: CountryCode,
) => PhoneNumber | undefined;

/** Countries whose national formats are tried for numbers written without a `+` prefix. */
export const defaultPhoneRegions: readonly CountryCode[] = [
  "US",
  "GB",
  "DE",
  "FR",
  "IN",
  "BR",
  "AU",
  "IL",
];

const candidatePattern =
  /(?<![\w+/.-])(?:\+|00)?(?:\(\d{1,5}\)|\d)[\d \t()./-]{4,22}\d(?:\s*(?:x|ext\.?|#)\s*\d{1,6})?(?![\w/]|[-.]\d)/g;
/** Dates, compact dates and year ranges (20240312.1, 2019-2023) look like short numbers. */
const datePattern =
  /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$|^(?:1[5-9]|20)\d\d\s*[-–/]\s*(?:1[5-9]|20)\d\d$|^(?:19|20)\d\d[01]\d[0-3]\d\b/;
/** A dotted quad is an IP address (its own recognizer), never worth asking libphonenumber. */
const ipv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
/**
 * Part and reference numbers rather than phones: five or more groups that are not the French
 * pairs (24-31-00-000-801), or a spaced slash (PO 55120 / 14).
 */
function looksLikeReference(candidate: string): boolean {
  if (/\s\/|\/\s/.test(candidate)) return true;
  const groups = candidate.split(/[\s()./-]+/).filter((group) => group !== "");
  return groups.length >= 5 && !groups.every((group) => group.length === 2);
}
const cueBefore =
  /\b(?:(?<!\b(?:live|lives|living|located|based|stay|staying|arrive|arriving)\s)at|phone|phones|tel|tél|telephone|téléphone|telefon|telefoon|teléfono|telefono|telefone|call|calling|mobile|mobil|mobiel|móvil|cellulare|celular|portable|handy|cell|fax|whatsapp|sms|text me|reach me|contact|dial|ph|nummer|numéro|número|numero)\b[^.\n\d]{0,16}$/i;
const cueAfter = /^[\s-]*(?:\(?(?:office|fax|mobile|cell|home|work|phone|tel)\b)/i;
/**
 * Reference numbers rather than phones: a catalogue, lot, order, stop, part or account word just
 * before the number (English, German, French, Spanish, Italian, Portuguese, Dutch), or an address
 * word. Written for this project.
 */
const notPhoneBefore =
  /\b(?:licen[cs]e|account|acct|order|orders|invoice|inv|ssn|id|passport|serial|s\/n|policy|tracking|zip|postcode|postal code|apt|suite|catalogue|catalog|cat|lot|batch|stop|stops|item|sku|part|ref|reference|model|article|art|ticket|case|route|flight|room|booking|confirmation|receipt|customer|member|membership|claim|contract|file|isbn|issn|ean|upc|gtin|imei|vin|po|product|barcode|pin|version|build|driver|kernel|firmware|release|ein|tin|vat|tax|siret|siren|nif|cif|btw|kvk|ust|steuernummer|partita iva|codice fiscale|dossier|pratica|expediente|processo|aktenzeichen|zaak|bestellnummer|bestellung|artikel|artikelnummer|kundennummer|rechnung|commande|référence|reference|facture|pedido|factura|referencia|ordine|fattura|riferimento|encomenda|fatura|bestelling|factuur|referentie|kenmerk|address|adresse|dirección|indirizzo|endereço|adres|anschrift|live at|lives at|located at)\b\.?(?:[^.\n\d]|(?<=\b(?:no|nr|num|nos|art|ref))\.){0,20}$/i;
/** A street word right before the number ("Hauptstraße 12 10115", "rue 14 75002"). */
const streetBefore =
  /\b(?:street|st|road|rd|avenue|ave|lane|drive|boulevard|blvd|straße|strasse|str|straat|laan|weg|gasse|allee|plein|rue|avenida|calle|carrera|via|viale|piazza|rua|travessa)\.?[ \t]*$/i;
/** A street after the number ("221 3456 Main Street", "12 34 Oak Rd"): house numbers. */
const streetAfter =
  /^[ \t]+(?:\p{Lu}[\p{L}'.-]*[ \t]+){0,3}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|close|crescent|highway|hwy|straße|strasse|straat|laan|weg)\b/iu;
/** An SSN's 3-2-4 grouping is left to the SSN recognizer. */
const ssnShape = /^\d{3}-\d{2}-\d{4}$/;

/** Digits of the number itself, without an extension (`x818`, `ext. 12`). */
function digitCount(value: string): number {
  return value.replace(/\s*(?:x|ext\.?|#)\s*\d+$/, "").replace(/\D/g, "").length;
}

/**
 * Confidence from the number itself: valid numbers (by the max metadata) score high; numbers that
 * are only possible (fake or unassigned ranges) score lower; bare digit strings lower still.
 */
function scoreCandidate(
  candidate: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[],
): number {
  const formatted = /[\s().-]/.test(candidate);
  if (candidate.startsWith("+") || candidate.startsWith("00")) {
    const number = parse(candidate.startsWith("00") ? `+${candidate.slice(2)}` : candidate);
    if (number?.isValid()) return 0.9;
    return number?.isPossible() ? 0.55 : 0;
  }
  let possible = false;
  // A leading 0 is the trunk prefix of most regions but never starts a North American number.
  const ordered = candidate.startsWith("0")
    ? [...regions.filter((region) => region !== "US"), ...regions.filter((r) => r === "US")]
    : regions;
  for (const region of ordered) {
    const number = parse(candidate, region);
    if (number?.isValid()) return formatted && digitCount(candidate) >= 9 ? 0.75 : 0.45;
    if (number?.isPossible()) possible = true;
  }
  if (!possible) return /^0{1,2}1[-. ]/.test(candidate) ? 0.45 : 0;
  return formatted ? 0.45 : 0.3;
}

/** The word before the number that is nearer: a phone word, a reference word, or neither. */
function contextBefore(before: string): "phone" | "reference" | undefined {
  const phone = cueBefore.exec(before);
  const reference = notPhoneBefore.exec(before);
  if (!reference) return phone ? "phone" : undefined;
  if (!phone) return "reference";
  return phone.index > reference.index ? "phone" : "reference";
}

/**
 * How many libphonenumber parses one text may cost: eight, plus one per 250 characters. A parse
 * with the max metadata costs 20–400 µs (North American numbers the most), so a text packed with
 * phone-like numbers stays linear with a small constant; its candidates past the budget are
 * judged by {@link structuralScore}. A chunk of prose with a few numbers never reaches it.
 */
export function parseBudget(length: number): number {
  return 8 + Math.floor(length / 250);
}

/**
 * A score without libphonenumber, for candidates past the parse budget: an international prefix
 * or a phone word makes a phone; a formatted number of 9–12 digits is likely one.
 */
function structuralScore(candidate: string, cued: boolean): number {
  const digits = digitCount(candidate);
  if (candidate.startsWith("+") || candidate.startsWith("00")) return cued ? 0.9 : 0.7;
  if (cued) return 0.6;
  return /[\s().-]/.test(candidate) && digits >= 9 && digits <= 12 ? 0.5 : 0;
}

/**
 * Find phone numbers: cheap candidate spans (7–15 digits with the usual separators, not dates,
 * not SSN-shaped, not reference or house numbers by the words around them) checked with
 * libphonenumber-js, international form first, then each of `regions`' national forms. A phone
 * word just before ("call", "tel:", "mobile") raises the confidence. At most
 * {@link parseBudget} parses per text.
 */
export function findPhoneNumbers(
  text: string,
  parse: ParsePhoneNumber,
  regions: readonly CountryCode[] = defaultPhoneRegions,
): PiiMatch[] {
  const found: PiiMatch[] = [];
  let budget = parseBudget(text.length);
  const countingParse: ParsePhoneNumber = (value, region) => {
    budget -= 1;
    return parse(value, region);
  };
  // Parsed scores for this scan: a number recurs in a document (a signature, a footer on every
  // page), and a parse costs 50–600 µs. The memo ends with the scan, so no phone-like string of a
  // scanned text outlives it.
  const parsed = new Map<string, number>();
  for (const match of allMatches(candidatePattern, text)) {
    const candidate = match[0].trimEnd();
    const digits = digitCount(candidate);
    if (digits < 7 || digits > 15 || datePattern.test(candidate)) continue;
    if (ipv4Pattern.test(candidate) || ssnShape.test(candidate)) continue;
    const international = candidate.startsWith("+") || candidate.startsWith("00");
    if (!international && looksLikeReference(candidate)) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const after = text.slice(match.index + candidate.length, match.index + candidate.length + 40);
    const cue = contextBefore(before);
    if (cue === "reference" && !international) continue;
    if (!international && (streetBefore.test(before) || streetAfter.test(after))) continue;
    const cued = cue === "phone" || cueAfter.test(after);
    let score = parsed.get(candidate);
    if (score === undefined && budget > 0) {
      score = scoreCandidate(candidate, countingParse, regions);
      parsed.set(candidate, score);
    }
    score ??= structuralScore(candidate, cued);
    if (score === 0) continue;
    if (cue === "reference") score -= 0.3;
    else if (cued) score = Math.min(1, score + 0.2);
    if (score <= 0) continue;
    found.push({
      type: "PHONE_NUMBER",
      start: match.index,
      end: match.index + candidate.length,
      text: candidate,
      score,
    });
  }
  return found;
}
