/** Keyboard runs people mash (`asdf`, `qwerty`, `hjkl`). */
const mash = /qwer|wert|asdf|sdfg|dfgh|fghj|ghjk|hjkl|jkl;|zxcv|xcvb|cvbn|vbnm|yuio|uiop/i;
const vowels = /[aeiouyàáâäãåèéêëìíîïòóôöõùúûüæøœ]/i;

/** Why one word looks like noise, or undefined when it looks like a word. */
function noiseReason(word: string): string | undefined {
  if (!/^\p{Script=Latin}+$/u.test(word)) return undefined;
  if (word.length >= 4 && mash.test(word)) return "keyboard_run";
  if (/(.)\1{3,}/iu.test(word)) return "repeated_letters";
  if (word.length > 3 && !vowels.test(word)) return "no_vowels";
  if (/[^aeiouy\s]{6,}/iu.test(word) && !/(?:tch|sch|ght|str|ngs)/i.test(word))
    return "consonant_run";
  if (word.length > 24) return "too_long";
  const upperInside = word.slice(1).replace(/[^A-Z]/g, "").length;
  if (word.length >= 6 && upperInside >= 3 && upperInside < word.length - 1) return "random_case";
  return undefined;
}

/**
 * How much of a text is noise, 0..1: the share of its Latin-script words that cannot be words
 * (keyboard runs, no vowels, long consonant runs, letters repeated four times, random case),
 * raised when symbols outnumber letters. It sees character noise only: "word salad" (real words
 * in a meaningless order) scores clean, and texts in other scripts are not judged.
 *
 * @example
 * gibberishScore("asdfgh qwrtzp xkcdvb"); // 1
 */
export function gibberishScore(text: string): number {
  const words = text.match(/\p{L}+/gu) ?? [];
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  const symbols = (text.match(/[^\p{L}\p{N}\s]/gu) ?? []).length;
  const symbolNoise =
    letters === 0 ? (symbols > 0 ? 1 : 0) : Math.max(0, Math.min(1, symbols / letters - 0.5));
  const latin = words.filter((word) => /^\p{Script=Latin}+$/u.test(word));
  if (latin.length === 0) return symbolNoise;
  const noisy = latin.filter((word) => noiseReason(word) !== undefined).length;
  return Math.max(noisy / latin.length, symbolNoise);
}
