import { compilePhrases, type PhraseSet } from "./phrases.js";
import { compileRuleStarts, type RuleStarts } from "./rule-gate.js";
import {
  abusiveNouns,
  condemnCues,
  dehumanisingTerms,
  demeaningPlaces,
  hateVerbs,
  identityTerms,
  identityWords,
  medicalContext,
  negators,
  positiveTerms,
  reclaimCues,
  reportingCues,
  techObjects,
  violentParticiples,
  violentVerbs,
  weapons,
} from "./terms.js";

/** The compiled word lists the rules use; build once per detector. */
export interface SignalLists {
  identity: PhraseSet;
  dehumanising: PhraseSet;
  positive: PhraseSet;
  hate: PhraseSet;
  violent: PhraseSet;
  participle: PhraseSet;
  negator: PhraseSet;
  tech: PhraseSet;
  medical: PhraseSet;
  reporting: PhraseSet;
  condemn: PhraseSet;
  reclaim: PhraseSet;
  secondPerson: PhraseSet;
  abusiveNoun: PhraseSet;
  weapon: PhraseSet;
  place: PhraseSet;
  /** Single words the rules know (used to split "I h a t e" into "i hate"). */
  known: Set<string>;
  abuseAtReader: PhraseSet;
  intent: PhraseSet;
  modal: PhraseSet;
  copula: PhraseSet;
  /** "have no place", "don't belong": exclusion said of a group. */
  exclusion: PhraseSet;
  /** Which rule families each word can start (see `rule-gate.ts`). */
  ruleStarts: RuleStarts;
}

/** Compile the word lists in `terms.ts`. */
export function compileSignalLists(): SignalLists {
  const lists = compileWordLists();
  const { identity, intent, abuseAtReader, hate, reporting, condemn, medical, reclaim } = lists;
  const ruleStarts = compileRuleStarts({
    identity,
    intent,
    abuseAtReader,
    hate,
    reporting,
    condemn,
    medical,
    reclaim,
  });
  return { ...lists, ruleStarts };
}

function compileWordLists(): Omit<SignalLists, "ruleStarts"> {
  return {
    identity: compilePhrases([
      ...identityTerms,
      ...identityWords.flatMap((word) => personNouns.map((noun) => `${word} ${noun}`)),
    ]),
    dehumanising: compilePhrases(dehumanisingTerms),
    positive: compilePhrases(positiveTerms),
    hate: compilePhrases(hateVerbs),
    violent: compilePhrases(violentVerbs),
    participle: compilePhrases(violentParticiples),
    negator: compilePhrases(negators),
    tech: compilePhrases(techObjects),
    medical: compilePhrases(medicalContext),
    reporting: compilePhrases(reportingCues),
    condemn: compilePhrases(condemnCues),
    reclaim: compilePhrases(reclaimCues),
    abusiveNoun: compilePhrases(abusiveNouns),
    weapon: compilePhrases(weapons),
    place: compilePhrases(demeaningPlaces),
    known: new Set(
      [...hateVerbs, ...violentVerbs, ...dehumanisingTerms, ...abusiveNouns].filter(
        (word) => !word.includes(" "),
      ),
    ),
    secondPerson: compilePhrases(["you", "your", "youre", "u", "ur", "ya", "yourself", "you are"]),
    abuseAtReader: compilePhrases(abuseAtReader),
    intent: compilePhrases(intentPhrases),
    modal: compilePhrases([
      "should",
      "must",
      "need to",
      "needs to",
      "ought to",
      "deserve to",
      "deserves to",
      "have to",
      "are going to",
      "will",
      "gonna",
    ]),
    exclusion: compilePhrases([
      "have no place",
      "has no place",
      "dont belong",
      "do not belong",
      "does not belong",
      "doesnt belong",
      "should not exist",
      "shouldnt exist",
      "should not be allowed",
      "shouldnt be allowed",
      "should go back",
      "should leave",
      "must go",
      "need to go",
      "have to go",
      "are not welcome",
      "arent welcome",
      "ruin everything",
      "ruin everything they touch",
      "make me sick",
      "disgust me",
    ]),
    copula: compilePhrases([
      "are",
      "is",
      "were",
      "r",
      "arent",
      "isnt",
      "are all",
      "are just",
      "are nothing but",
      "deserve",
      "deserves",
      "make me",
      "makes me",
    ]),
  };
}

/** Nouns that turn an identity adjective into a group mention ("trans person", "deaf folks"). */
const personNouns = [
  "person",
  "people",
  "man",
  "men",
  "woman",
  "women",
  "folks",
  "guy",
  "guys",
  "kids",
  "children",
  "community",
  "immigrants",
  "girls",
  "boys",
];

/** Fixed abuse formulas aimed at the reader. */
const abuseAtReader = [
  "eat shit",
  "kiss my ass",
  "bite me",
  "suck my",
  "die in a fire",
  "rot in hell",
  "burn in hell",
  "excuse for a human",
  "excuse of a human",
  "sorry excuse for",
  "waste of space",
  "waste of oxygen",
  "waste of air",
  "waste of skin",
  "piece of shit",
  "piece of garbage",
  "piece of trash",
  "crawl back under",
  "back under your rock",
  "fuck you",
  "fuck off",
  "screw you",
  "shut up",
  "shut the fuck up",
  "go to hell",
  "go die",
  "kill yourself",
  "kys",
  "drop dead",
  "piss off",
  "get lost",
  "nobody likes you",
  "nobody cares about you",
  "i hope you die",
  "hope you die",
  "you deserve to die",
  "watch your back",
  "i know where you live",
  "youre dead",
  "you are dead",
  "you will regret",
  "youll regret",
  "you will pay",
  "youll pay",
];

const intentPhrases = [
  "i will",
  "ill",
  "im going to",
  "i am going to",
  "im gonna",
  "gonna",
  "i want to",
  "i wanna",
  "we will",
  "were going to",
  "we are going to",
  "i would love to",
  "id love to",
  "lets",
  "i shall",
  "im about to",
];
