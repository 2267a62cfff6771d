import { exfiltrationNotions } from "./concept-lexicon/exfiltration.js";
import { framingNotions } from "./concept-lexicon/framing.js";
import { overrideNotions } from "./concept-lexicon/override.js";
import { roleNotions } from "./concept-lexicon/roles.js";
import { stakeNotions } from "./concept-lexicon/stakes.js";

/**
 * A small cross-lingual lexicon: for each notion that planted instructions are built from, its
 * word stems in English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish,
 * Russian, Chinese, Japanese, Korean, Arabic and Hindi, written in the detector's normal form
 * (lower case, Latin diacritics dropped). A Latin or Cyrillic stem matches at the start of a
 * word (a trailing `$` asks for the whole word); any other stem matches anywhere. The model
 * learns each notion's weight from the (mostly English) training data, and the weight carries
 * to every language the notion is listed in. Written for this project.
 */
export const conceptLexicon: Readonly<Record<string, readonly string[]>> = {
  ...overrideNotions,
  ...exfiltrationNotions,
  ...roleNotions,
  ...framingNotions,
  ...stakeNotions,
};
