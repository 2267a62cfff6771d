import { endsInGreeting } from "./greetings.js";

/**
 * Context around a candidate name that says it names a person, or that it names a place.
 * Each cue reads only the text right before (`before`, ends where the name starts) or right
 * after (`after`, starts where the name ends). Written for this project.
 */

/** "my name is", "calls me", "named him", "signed by", "Dear": the next word is a name. */
export const explicitNameCue =
  /(?:\bname is|\bname\s*[:=?-]|\bnamed(?: (?:him|her|them))?|\bcalls? me|\bcall me|\bknown as|\bnicknamed|\bi am|\bi'm|\bthis is|\bcalled|\bsigned(?: by)?|\bdear|\b(?:patient|customer|employee|client|applicant|account holder|cardholder)\s*:?)\s*$/i;

/** Headers and sign-offs before a name ("From:", "Regards,"); they also precede teams and roles. */
export const headerNameCue =
  /(?:\bsincerely,?|\bregards,?|\bcheers,?|\bbest,|\bthanks,|\battn:?|\battention:|\bfrom:|\bto:|\bcc:|\bauthor:|\bcontact:?)\s*$/i;

/**
 * A role or a relation just before a name ("the assistant to", "my wife", "starring"), in lower
 * case: a capitalised role opens a title instead ("Coach Mode", "Assistant Response").
 */
export const roleBeforeCue =
  /\b(?:CEO|CTO|CFO|assistant|secretary|colleague|co-?worker|friend|wife|husband|fianc[ée]e?|partner|son|daughter|brother|sister|mother|father|mom|mum|dad|uncle|aunt|cousin|nephew|niece|grandson|granddaughter|kid|child|baby|stepson|stepdaughter|boss|manager|supervisor|ceo|cto|cfo|founder|co-?founder|founders|director|actor|actress|singer|author|novelist|poet|painter|player|coach|nurse|lawyer|attorney|tenant|landlord|student|teacher|starring|featuring|co-?starring|according to|(?:said|says|asked|added|wrote|replied|told))(?:\s+(?:to|of))?\s*:?\s*$/;

/** Text right before a name that makes one more likely ("hello", "ask", "with"). */
export const weakNameCue =
  /(?:\bhi|\bhello|\bhey|\bthanks|\bthank you|\bwith|\band|\bask(?:ed)?|\bcall|\bmet|\btold|\btell|\bemail|\bmeet|\bsaid|\bsays|\bwrote|\bper|\bby)\s*,?\s*$/i;

/** A person's act right after a name ("X said", "X shouted at", "X, who"). */
export const actionAfterCue =
  /^(?:\s+(?:has |had |have )?(?:said|says|asked|asks|told|tells|replied|replies|wrote|writes|shouted|shouts|yelled|whispered|explained|explains|added|adds|noted|answered|laughed|smiled|nodded|sighed|exclaimed|insisted|argued|admitted|agreed|complained|announced|confirmed|recalled|thanked|married|resigned|joined|graduated|died|was born)\b|,\s+(?:who|whose)\b|\s+\((?:he|she|they)\b)/i;

/** Speech right after a name: strong enough for a word no list knows ("Klimek shouted at"). */
export const speechAfterCue =
  /^\s+(?:said|says|asked|asks|told|replied|shouted|yelled|whispered|laughed|smiled|nodded|sighed|exclaimed)\b/i;

/**
 * Relatives, a birthday, a home address or a phone number: a person has them ("Gregorina's
 * husband", "here's Hleb's address").
 */
export const kinAfterCue =
  /^['’]s\s+(?:wife|husband|fianc[ée]e?|mother|mom|mum|father|dad|son|daughter|brother|sister|boyfriend|girlfriend|parents|grandmother|grandfather|kids?|child|children|baby|birthday|(?:home |new |postal |mailing )?address|(?:mobile |cell |phone )?number|mobile)\b/i;

/** A life event right after a name ("Jouko spent a year at", "Ana graduated"): only people. */
export const lifeAfterCue =
  /^\s+(?:was born|grew up|graduated|married|passed away|spent (?:a|one|two|three|four|five|\d+) (?:years?|months?|summers?) (?:at|in|with|as))\b/i;

/** A possession that belongs to a person ("X's wife", "X's address"). */
export const possessiveAfterCue =
  /^['’]s\s+(?:wife|husband|partner|mother|mom|mum|father|dad|son|daughter|brother|sister|friend|boyfriend|girlfriend|family|parents|children|kids|boss|manager|colleague|address|phone|email|e-mail|birthday|house|home|car|salary|passport|signature|account|diagnosis)\b/i;

/** A speaker label: the name opens a line and a colon and a quote or a sentence follow. */
export function isSpeakerLabel(before: string, after: string): boolean {
  return /(?:^|\n)[ \t>*-]*$/.test(before) && /^:[ \t]*(?:["“'\\]|\p{Lu})/u.test(after);
}

/** A request right after an unknown word opening a sentence names who is asked ("Jakobine, can I"). */
export function isRequestVocative(after: string): boolean {
  return /^,\s+(?:can|could|would|will) (?:you|i|we)\b/i.test(after);
}

/** A name addressed at the start of a sentence ("Maria, can you ..."). */
export function isVocative(after: string): boolean {
  return /^,\s+(?:can|could|would|will|please|are|do|did|have|thank|thanks|i|we|you|let's|what|how|why|where|when)\b/i.test(
    after,
  );
}

/**
 * "Hi Romilda," / "Bonjour Marie," / "Liebe Anja!": a greeting right before (greetings.ts) and a
 * comma or line end right after.
 */
export function isGreeting(before: string, after: string): boolean {
  return /^\s*(?:[,!:\n]|$)/.test(after) && endsInGreeting(before);
}

/** A house number after the run ("Via Nazario Sauro 112", "Estrela 57"): a street, not a person. */
export function isFollowedByHouseNumber(after: string): boolean {
  return /^[ \t]+\d{1,4}[a-zA-Z]?(?=[ \t]*(?:[,\n]|$)|[ \t]+\p{L})(?![ \t]+(?:years?|yrs?|months?|days?|hours?|minutes?|times?|percent|people|of)\b)/iu.test(
    after,
  );
}

/** Surname endings common across Europe (Mikolčić, Söderberg, Kowalski, Petrova, Andersson). */
const surnameShape =
  /(?:vić|vič|ić|ič|ov|ova|ev|eva|ovich|evich|ovna|evna|enko|chuk|czuk|sson|ssen|sen|son|ski|ska|sky|cki|cka|wicz|escu|poulos|opoulou|idis|akis|dóttir|dottir|berg|ström|strom|stein|mann|ez|ini|etti|elli|ucci|yan|ian|shvili|dze|oglu|oğlu|nen|inen|lainen)$/u;

/** Russian, Ukrainian and Bulgarian surname endings (Петров, Иванова, Шевченко, Достоевский). */
const cyrillicSurnameShape =
  /(?:ов|ова|ев|ева|ёв|ёва|ин|ина|ын|ына|ский|ская|цкий|цкая|енко|ук|юк|ич|вич|вна|ян)$/u;

/** Common Russian and Ukrainian given names (a word list written for this project). */
const cyrillicGivenNames = new Set(
  `александр алексей анатолий андрей антон аркадий артём артем борис вадим валентин валерий
  василий виктор виталий владимир владислав вячеслав геннадий георгий григорий даниил денис
  дмитрий евгений егор иван игорь илья кирилл константин лев леонид максим михаил никита
  николай олег павел пётр петр роман сергей станислав степан тарас тимур фёдор федор юрий ярослав
  александра алина алла анастасия анна антонина валентина валерия вера виктория галина дарья
  евгения екатерина елена елизавета жанна зоя ирина карина кира ксения лариса лидия любовь
  людмила маргарита марина мария надежда наталья наталия нина оксана ольга полина светлана
  софия софья тамара татьяна юлия яна`
    .split(/\s+/)
    .filter((word) => word !== ""),
);

/** A surname ending (Latin or Cyrillic script) or a Cyrillic given name: stronger than diacritics. */
export function hasSurnameEnding(word: string): boolean {
  const lower = word.toLowerCase();
  if (/\p{Script=Cyrillic}/u.test(word)) {
    return cyrillicGivenNames.has(lower) || cyrillicSurnameShape.test(lower);
  }
  return word.length >= 4 && surnameShape.test(lower);
}

/**
 * Whether an unknown capitalised word looks like a name: Latin letters with diacritics
 * (Guðmundsdóttir, Żółkiewski), a European surname ending, or a Cyrillic given name or surname
 * ending (Иван, Петров). Other scripts (CJK, Greek) have no shape test here.
 */
export function hasNameShape(word: string): boolean {
  if (word.length < 4 && !/^\p{Script=Cyrillic}{3}$/u.test(word)) return false;
  const lower = word.toLowerCase();
  if (/\p{Script=Cyrillic}/u.test(word)) {
    return cyrillicGivenNames.has(lower) || cyrillicSurnameShape.test(lower);
  }
  if (!/^[\p{Script=Latin}'’-]+$/u.test(word)) return false;
  // German umlauts and ß open as many capitalised nouns as names (Über, Größe, München).
  return /[^\p{ASCII}äöüßÄÖÜ]/u.test(word) || surnameShape.test(lower);
}
