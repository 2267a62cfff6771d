/**
 * Greetings, salutations and sign-offs in the languages ragguard reads (English, French, German,
 * Dutch, Spanish, Italian, Portuguese, Scandinavian, Polish, Russian, Turkish). They open or close
 * letters next to a name but are never part of it ("Bonjour Marie", "Met vriendelijke groet,
 * Pieter"). Written for this project.
 */

/** Every word of those phrases, lower case: a capitalised one opening a run is not a name. */
export const greetingWords: ReadonlySet<string> = new Set(
  `
  hi hello hey dear greetings regards cheers thanks sincerely best kind warm yours truly faithfully
  bonjour bonsoir salut coucou cordialement amicalement bien merci chère cher chers madame monsieur
  salutations sincères bises amitiés respectueusement
  hallo moin servus liebe lieber lieben grüße grüsse gruß gruss viele herzliche freundliche
  freundlichen mit beste besten sehr geehrte geehrter danke
  hoi goedemorgen goedemiddag goedenavond geachte beste groet groeten vriendelijke hartelijke met
  hartelijk dank bedankt
  hola buenos buenas días dias tardes noches saludos atentamente cordiales estimado estimada
  estimados querido querida queridos gracias un abrazo
  ciao buongiorno buonasera salve cordiali distinti saluti gentile gentili grazie
  olá ola bom boa dia tarde noite atenciosamente cumprimentos abraços abracos prezado prezada
  obrigado obrigada beijos
  hej hei hallå hälsningar vänliga venlig vennlig hilsen mvh tack
  dzień dobry pozdrawiam szanowny szanowna cześć
  здравствуйте привет уважением добрый день дорогой дорогая
  merhaba saygılarımla selam
  `
    .split(/\s+/)
    .filter((word) => word !== ""),
);

/** A greeting or salutation right before a name ("Hi", "Bonjour", "Liebe", "Geachte heer"). */
export const greetingBefore =
  /(?:^|[^\p{L}])(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|bonjour|bonsoir|salut|coucou|cher|chère|hallo|moin|servus|liebe|lieber|sehr geehrte|sehr geehrter|guten (?:morgen|tag|abend)|hoi|goedemorgen|goedemiddag|geachte(?: heer| mevrouw)?|beste|hola|buenos días|buenas tardes|buenas noches|estimado|estimada|querido|querida|ciao|buongiorno|buonasera|salve|gentile|gentilissim[ao]|caro|cara|olá|ola|oi|bom dia|boa tarde|boa noite|prezado|prezada|hej|hei|hallå|cześć|szanown[ya]|dzień dobry|здравствуйте|привет|дорогой|дорогая|merhaba|selam)[ \t]+$/iu;

/** A sign-off, then a comma or a line break, right before a name ("Cordialement,\nJean"). */
export const signOffBefore =
  /(?:^|[^\p{L}])(?:sincerely|regards|cheers|best|thanks|thank you|best wishes|kind regards|yours(?: truly| sincerely| faithfully)?|cordialement|bien à vous|amicalement|bises|mit freundlichen grüßen|mit freundlichen grüssen|viele grüße|viele grüsse|beste grüße|liebe grüße|grüße|gruß|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|hartelijke groet(?:en)?|groeten|groet|saludos(?: cordiales)?|atentamente|un saludo|un abrazo|cordiali saluti|distinti saluti|saluti|un saluto|atenciosamente|cumprimentos|abraços|abracos|med vänliga hälsningar|vänliga hälsningar|vennlig hilsen|venlig hilsen|mvh|pozdrawiam|с уважением|saygılarımla)[ \t]*[,!.]?[ \t]*(?:\r?\n[ \t]*)?$/iu;

/** Every word a greeting or sign-off pattern below ends on (some, like "cara", can be names). */
const cueEndWords: ReadonlySet<string> = new Set([
  ...greetingWords,
  ..."cara caro oi tag morgen abend morning afternoon evening heer mevrouw gentilissimo gentilissima you vous wishes saludo saluto grüssen grüßen".split(
    " ",
  ),
]);

/** The last word of `before` in lower case, skipping blanks, `,!.:` and one line break after it. */
export function lastWordBefore(before: string): string {
  let end = before.length;
  while (end > 0 && /[\s,!.:]/.test(before[end - 1]!)) end -= 1;
  let start = end;
  while (start > 0 && /[\p{L}\p{M}]/u.test(before[start - 1]!)) start -= 1;
  return before.slice(start, end).toLowerCase();
}

/**
 * Whether a greeting (`greetingBefore`) or a sign-off (`signOffBefore`) ends `before`. Their
 * end-anchored patterns are only run when the last word is one they end on: most names follow no greeting, and this keeps them cheap.
 */
export function endsInGreeting(before: string): boolean {
  return cueEndWords.has(lastWordBefore(before)) && greetingBefore.test(before);
}

/** See {@link endsInGreeting}. */
export function endsInSignOff(before: string): boolean {
  return cueEndWords.has(lastWordBefore(before)) && signOffBefore.test(before);
}
