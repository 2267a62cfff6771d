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
const mixedToken = new RegExp(`[\\p{L}${leetClass.slice(1, -1)}]+`, "gu");
const hasLetter = /\p{L}/u;
/** "1px", "3rd", "5kg", "4th": a number with a unit or ordinal suffix, not a disguised word. */
const measurement =
  /^\d+(?:px|pt|em|rem|vh|vw|kg|km|cm|mm|ms|gb|mb|kb|st|nd|rd|th|am|pm|x|k|m|s|h|d)$/i;
const hasLeet = new RegExp(leetClass);

/**
 * Fold leetspeak inside tokens that mix letters with look-alike digits or symbols; plain numbers
 * ("2024", "15 m") and plain words stay as they are.
 *
 * @example
 * foldLeetspeak("1gn0r3 all prev10us rules in 2024") // "ignore all previous rules in 2024"
 */
export function foldLeetspeak(text: string): string {
  return text.replace(mixedToken, (token) => {
    if (!hasLetter.test(token) || !hasLeet.test(token)) return token;
    const letters = token.replace(/[^\p{L}]/gu, "").length;
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
  });
}
