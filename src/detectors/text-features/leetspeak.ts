import { allMatches } from "./all-matches.js";
/** Digits and symbols used as letters inside words ("1gn0r3" → "ignore"). */
export const leetspeak: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  $: "s",
  "!": "i",
};

const leetClass = "[0134578$!]";
const leetChar = new RegExp(leetClass, "g");
const letter = /^\p{L}$/u;
/** "1px", "3rd", "5kg", "4th": a number with a unit or ordinal suffix, not a disguised word. */
const measurement =
  /^\d+(?:px|pt|em|rem|vh|vw|kg|km|cm|mm|ms|gb|mb|kb|st|nd|rd|th|am|pm|x|k|m|s|h|d)$/i;

function isLeet(code: number): boolean {
  return Object.hasOwn(leetspeak, String.fromCharCode(code));
}

/** Whether the code point is a letter or a leet character (one `[\p{L}0134578$!]` of a token). */
function isTokenChar(codePoint: number): boolean {
  if (codePoint < 128) {
    const lower = codePoint | 32;
    return (lower >= 97 && lower <= 122) || isLeet(codePoint);
  }
  return letter.test(String.fromCodePoint(codePoint));
}

/** Index just past the token that goes on at `index` (code point by code point). */
function tokenEnd(text: string, index: number): number {
  let end = index;
  while (end < text.length) {
    const codePoint = text.codePointAt(end)!;
    if (!isTokenChar(codePoint)) break;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return end;
}

/** Index where the token that ends at `index` starts (reading surrogate pairs backwards). */
function tokenStart(text: string, index: number): number {
  let start = index;
  while (start > 0) {
    const low = text.charCodeAt(start - 1);
    const pair =
      low >= 0xdc00 &&
      low <= 0xdfff &&
      start >= 2 &&
      (text.charCodeAt(start - 2) & 0xfc00) === 0xd800;
    const width = pair ? 2 : 1;
    if (!isTokenChar(text.codePointAt(start - width)!)) break;
    start -= width;
  }
  return start;
}

/** Fold one token (a run of letters and leet characters that holds at least one leet character). */
function foldToken(token: string): string {
  // Code units, as `token.replace(/[^\p{L}]/gu, "").length` counts them.
  let letters = 0;
  for (const char of token) if (letter.test(char)) letters += char.length;
  // Ordinals, ids and codes ("10th", "b737", "x86") have fewer letters than look-alikes or a digit run.
  if (
    letters < 2 ||
    letters < token.length - letters ||
    /\d{2}/.test(token) ||
    measurement.test(token)
  ) {
    return token;
  }
  const core = token.replace(/[!$]+$/u, "");
  const tail = token.slice(core.length);
  let out = "";
  for (const char of core) out += leetspeak[char] ?? char;
  return out + tail;
}

/**
 * Fold leetspeak inside tokens that mix letters with look-alike digits or symbols; plain numbers
 * ("2024", "15 m") and plain words stay as they are. Only the tokens around a leet character are
 * looked at, so text without digits or `$!` costs one scan.
 *
 * @example
 * foldLeetspeak("1gn0r3 all prev1ous rules in 2024") // "ignore all previous rules in 2024"
 */
export function foldLeetspeak(text: string): string {
  let out = "";
  let copied = 0;
  for (const match of allMatches(leetChar, text)) {
    if (match.index < copied) continue;
    const start = tokenStart(text, match.index);
    const end = tokenEnd(text, match.index);
    out += text.slice(copied, start) + foldToken(text.slice(start, end));
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
