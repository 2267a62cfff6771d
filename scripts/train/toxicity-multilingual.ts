import type { Random } from "./lib/random.js";

/**
 * Seed sentences for the languages no public training split here covers (written for ragguard,
 * not taken from any dataset): per language, insults, threats and dehumanising statements, and
 * the same frames with neutral words, plus everyday sentences, news about violence and idioms
 * with violent words. `{I}` is an insult, `{G}` a group, `{N}` a neutral noun for a person.
 * They only teach the model each language's abusive words next to its ordinary ones; the
 * validation tables say how little that is.
 */
interface LanguageSeeds {
  insults: readonly string[];
  groups: readonly string[];
  nice: readonly string[];
  toxic: readonly string[];
  neutral: readonly string[];
}

const seeds: Readonly<Record<string, LanguageSeeds>> = {
  es: {
    insults: [
      "idiota",
      "imbécil",
      "estúpido",
      "gilipollas",
      "pendejo",
      "cabrón",
      "basura",
      "inútil",
      "subnormal",
      "hijo de puta",
    ],
    groups: [
      "los inmigrantes",
      "los gitanos",
      "los musulmanes",
      "las mujeres",
      "los negros",
      "los judíos",
      "los gays",
    ],
    nice: ["amigo", "compañero", "vecino", "profesor", "genio", "crack"],
    toxic: [
      "eres un {I}",
      "cállate, {I}",
      "qué {I} eres, no sirves para nada",
      "vete a la mierda, {I}",
      "te voy a matar",
      "sé dónde vives y te voy a partir la cara",
      "ojalá te mueras",
      "{G} son una plaga y habría que exterminarlos",
      "{G} son animales, no personas",
      "mátate, nadie te quiere",
    ],
    neutral: [
      "eres un {N}",
      "gracias, {N}, me has ayudado mucho",
      "{G} celebran su fiesta este fin de semana",
      "la reunión se ha movido al martes",
      "¿cómo mato un proceso que no responde?",
      "la policía detuvo a un hombre tras un apuñalamiento en el centro",
      "el equipo nos dio una paliza, perdimos cinco a cero",
      "no estoy de acuerdo con tu propuesta, pero entiendo tus razones",
      "¿a qué hora abre la farmacia mañana?",
      "este chiste me mata de risa",
    ],
  },
  fr: {
    insults: [
      "connard",
      "abruti",
      "crétin",
      "imbécile",
      "salope",
      "enculé",
      "débile",
      "ordure",
      "pauvre con",
      "fils de pute",
    ],
    groups: [
      "les immigrés",
      "les musulmans",
      "les juifs",
      "les femmes",
      "les noirs",
      "les roms",
      "les homosexuels",
    ],
    nice: ["ami", "collègue", "voisin", "professeur", "génie", "champion"],
    toxic: [
      "tu es un {I}",
      "ferme ta gueule, {I}",
      "espèce de {I}, tu ne sers à rien",
      "va te faire foutre, {I}",
      "je vais te tuer",
      "je sais où tu habites, je vais te casser la gueule",
      "j'espère que tu vas crever",
      "{G} sont des parasites, il faut les exterminer",
      "{G} sont des animaux, pas des humains",
      "suicide-toi, personne ne t'aime",
    ],
    neutral: [
      "tu es un vrai {N}",
      "merci, {N}, tu m'as beaucoup aidé",
      "{G} fêtent leur festival ce week-end",
      "la réunion est déplacée à mardi",
      "comment tuer un processus qui ne répond plus ?",
      "la police a arrêté un homme après une attaque au couteau en centre-ville",
      "ils nous ont massacrés, on a perdu cinq à zéro",
      "je ne suis pas d'accord avec ta proposition, mais je comprends tes raisons",
      "à quelle heure ouvre la pharmacie demain ?",
      "cette blague me tue",
    ],
  },
  it: {
    insults: [
      "idiota",
      "stronzo",
      "coglione",
      "imbecille",
      "deficiente",
      "cretino",
      "bastardo",
      "merda",
      "vaffanculo",
      "figlio di puttana",
    ],
    groups: ["gli immigrati", "i musulmani", "gli ebrei", "le donne", "i neri", "i rom", "i gay"],
    nice: ["amico", "collega", "vicino", "professore", "genio", "campione"],
    toxic: [
      "sei un {I}",
      "stai zitto, {I}",
      "che {I} che sei, non servi a niente",
      "vai a fare in culo, {I}",
      "ti ammazzo",
      "so dove abiti e ti spacco la faccia",
      "spero che tu muoia",
      "{G} sono parassiti e vanno sterminati",
      "{G} sono bestie, non persone",
      "ammazzati, nessuno ti vuole",
    ],
    neutral: [
      "sei un vero {N}",
      "grazie, {N}, mi hai aiutato tanto",
      "{G} festeggiano la loro festa questo fine settimana",
      "la riunione è spostata a martedì",
      "come faccio a uccidere un processo bloccato?",
      "la polizia ha arrestato un uomo dopo un accoltellamento in centro",
      "ci hanno distrutti, abbiamo perso cinque a zero",
      "non sono d'accordo con la tua proposta, ma capisco le tue ragioni",
      "a che ora apre la farmacia domani?",
      "questa battuta mi fa morire dal ridere",
    ],
  },
  nl: {
    insults: [
      "idioot",
      "klootzak",
      "kankerlijer",
      "debiel",
      "sukkel",
      "eikel",
      "hoer",
      "mongool",
      "lul",
      "tyfuslijer",
    ],
    groups: ["moslims", "joden", "vrouwen", "buitenlanders", "zwarten", "homo's", "vluchtelingen"],
    nice: ["vriend", "collega", "buurman", "leraar", "held", "topper"],
    toxic: [
      "je bent een {I}",
      "hou je bek, {I}",
      "vuile {I}, je bent nergens goed voor",
      "rot op, {I}",
      "ik maak je af",
      "ik weet waar je woont en ik sla je in elkaar",
      "ik hoop dat je doodgaat",
      "{G} zijn ongedierte en moeten uitgeroeid worden",
      "{G} zijn beesten, geen mensen",
      "maak jezelf van kant, niemand wil je",
    ],
    neutral: [
      "je bent een echte {N}",
      "bedankt, {N}, je hebt me echt geholpen",
      "{G} vieren dit weekend hun feest",
      "de vergadering is verplaatst naar dinsdag",
      "hoe kill ik een proces dat vastloopt?",
      "de politie heeft een man opgepakt na een steekpartij in het centrum",
      "ze hebben ons ingemaakt, we verloren met vijf-nul",
      "ik ben het niet eens met je voorstel, maar ik begrijp je punt",
      "hoe laat gaat de apotheek morgen open?",
      "die grap is echt dodelijk grappig",
    ],
  },
  pl: {
    insults: [
      "idiota",
      "debil",
      "kurwa",
      "chuj",
      "skurwysyn",
      "pizda",
      "kretyn",
      "śmieć",
      "frajer",
      "pojeb",
    ],
    groups: ["imigranci", "muzułmanie", "żydzi", "kobiety", "geje", "cyganie", "uchodźcy"],
    nice: ["przyjaciel", "kolega", "sąsiad", "nauczyciel", "geniusz", "mistrz"],
    toxic: [
      "jesteś {I}",
      "zamknij mordę, {I}",
      "ty {I}, do niczego się nie nadajesz",
      "spierdalaj, {I}",
      "zabiję cię",
      "wiem, gdzie mieszkasz, i rozwalę ci łeb",
      "obyś zdechł",
      "{G} to pasożyty i trzeba ich wytępić",
      "{G} to zwierzęta, nie ludzie",
      "zabij się, nikt cię nie chce",
    ],
    neutral: [
      "jesteś prawdziwy {N}",
      "dzięki, {N}, bardzo mi pomogłeś",
      "{G} świętują w ten weekend swoje święto",
      "spotkanie przeniesiono na wtorek",
      "jak zabić proces, który się zawiesił?",
      "policja zatrzymała mężczyznę po ataku nożem w centrum miasta",
      "rozgromili nas, przegraliśmy pięć do zera",
      "nie zgadzam się z twoją propozycją, ale rozumiem twoje argumenty",
      "o której jutro otwierają aptekę?",
      "ten żart mnie rozwala",
    ],
  },
  tr: {
    insults: [
      "aptal",
      "salak",
      "gerizekalı",
      "orospu çocuğu",
      "şerefsiz",
      "piç",
      "mal",
      "ahmak",
      "yavşak",
      "pezevenk",
    ],
    groups: [
      "göçmenler",
      "suriyeliler",
      "kürtler",
      "yahudiler",
      "kadınlar",
      "eşcinseller",
      "çingeneler",
    ],
    nice: ["arkadaş", "dost", "komşu", "öğretmen", "dahi", "şampiyon"],
    toxic: [
      "sen tam bir {I}sın",
      "kapa çeneni, {I}",
      "seni {I}, hiçbir işe yaramıyorsun",
      "siktir git, {I}",
      "seni öldüreceğim",
      "nerede oturduğunu biliyorum, kafanı kıracağım",
      "umarım gebersin",
      "{G} asalak, hepsi yok edilmeli",
      "{G} hayvan, insan değil",
      "git kendini öldür, kimse seni istemiyor",
    ],
    neutral: [
      "sen gerçek bir {N}sın",
      "teşekkürler {N}, çok yardımcı oldun",
      "{G} bu hafta sonu bayramlarını kutluyor",
      "toplantı salı gününe ertelendi",
      "donmuş bir işlemi nasıl sonlandırırım?",
      "polis şehir merkezindeki bıçaklı saldırının ardından bir adamı gözaltına aldı",
      "bizi ezdiler, beş sıfır kaybettik",
      "önerine katılmıyorum ama gerekçeni anlıyorum",
      "eczane yarın saat kaçta açılıyor?",
      "bu şaka beni öldürdü",
    ],
  },
  ar: {
    insults: [
      "غبي",
      "حمار",
      "كلب",
      "حقير",
      "وسخ",
      "ابن الكلب",
      "ابن الحرام",
      "تافه",
      "أحمق",
      "قذر",
    ],
    groups: ["اليهود", "المسلمون", "النساء", "اللاجئون", "المهاجرون", "الشيعة", "السود"],
    nice: ["صديق", "زميل", "جار", "معلم", "عبقري", "بطل"],
    toxic: [
      "أنت {I}",
      "اخرس يا {I}",
      "يا {I} أنت لا تنفع لشيء",
      "الله يلعنك يا {I}",
      "سأقتلك",
      "أعرف أين تسكن وسأكسر رأسك",
      "أتمنى أن تموت",
      "{G} حشرات ويجب إبادتهم",
      "{G} حيوانات وليسوا بشرا",
      "اقتل نفسك لا أحد يريدك",
    ],
    neutral: [
      "أنت {N} حقيقي",
      "شكرا يا {N} لقد ساعدتني كثيرا",
      "{G} يحتفلون بعيدهم في نهاية الأسبوع",
      "تم تأجيل الاجتماع إلى يوم الثلاثاء",
      "كيف أوقف عملية معلقة في الحاسوب؟",
      "اعتقلت الشرطة رجلا بعد حادث طعن في وسط المدينة",
      "سحقونا في المباراة وخسرنا خمسة مقابل لا شيء",
      "لا أتفق مع اقتراحك لكنني أفهم أسبابك",
      "متى تفتح الصيدلية غدا؟",
      "هذه النكتة قتلتني من الضحك",
    ],
  },
  hi: {
    insults: ["बेवकूफ", "कमीने", "हरामी", "कुत्ते", "गधे", "चूतिया", "मादरचोद", "भड़वे", "नालायक", "सुअर"],
    groups: ["मुसलमान", "हिंदू", "दलित", "औरतें", "बिहारी", "ईसाई", "प्रवासी"],
    nice: ["दोस्त", "साथी", "पड़ोसी", "शिक्षक", "जीनियस", "चैंपियन"],
    toxic: [
      "तू {I} है",
      "चुप कर {I}",
      "अबे {I}, तू किसी काम का नहीं",
      "भाग जा यहाँ से {I}",
      "मैं तुझे जान से मार दूँगा",
      "मुझे पता है तू कहाँ रहता है, तेरा सिर फोड़ दूँगा",
      "भगवान करे तू मर जाए",
      "{G} कीड़े हैं, इन्हें खत्म कर देना चाहिए",
      "{G} जानवर हैं, इंसान नहीं",
      "जाकर मर जा, तुझे कोई नहीं चाहता",
    ],
    neutral: [
      "तुम सच्चे {N} हो",
      "धन्यवाद {N}, तुमने बहुत मदद की",
      "{G} इस सप्ताह अपना त्योहार मना रहे हैं",
      "बैठक मंगलवार तक टाल दी गई है",
      "अटकी हुई प्रक्रिया को कैसे बंद करूँ?",
      "पुलिस ने शहर में चाकूबाजी के बाद एक व्यक्ति को गिरफ्तार किया",
      "उन्होंने हमें बुरी तरह हराया, हम पाँच शून्य से हारे",
      "मैं आपके प्रस्ताव से सहमत नहीं हूँ, लेकिन आपकी बात समझता हूँ",
      "कल दवा की दुकान कितने बजे खुलेगी?",
      "इस चुटकुले ने तो मुझे हँसा हँसा के मार डाला",
    ],
  },
};

/** The languages seeded here. */
export const seededLanguages: readonly string[] = Object.keys(seeds);

function fill(frame: string, parts: LanguageSeeds, random: Random): string {
  return frame
    .replace("{I}", random.pick(parts.insults))
    .replace("{G}", random.pick(parts.groups))
    .replace("{N}", random.pick(parts.nice));
}

/** `perLanguage` seeded rows per language, half toxic, with their language. */
export function generateMultilingual(
  perLanguage: number,
  random: Random,
): { text: string; label: 0 | 1; language: string }[] {
  const out: { text: string; label: 0 | 1; language: string }[] = [];
  for (const [language, parts] of Object.entries(seeds)) {
    for (let index = 0; index < perLanguage; index += 1) {
      const label = index % 2 === 0 ? 1 : 0;
      const frame = random.pick(label === 1 ? parts.toxic : parts.neutral);
      const text = fill(frame, parts, random);
      out.push({
        text: random.chance(0.3) ? text[0]!.toUpperCase() + text.slice(1) : text,
        label,
        language,
      });
    }
  }
  return out;
}
