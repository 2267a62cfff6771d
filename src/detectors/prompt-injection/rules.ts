/** What a rule looks for. */
import { goalRules } from "./rules-goals.js";

export type InjectionIntent =
  | "chat-template"
  | "fake-header"
  | "override"
  | "addressee"
  | "reveal"
  | "persona"
  | "exfiltration"
  | "tool"
  | "deception"
  | "ai-reference"
  | "hidden-text";

/** One high-precision pattern; `{NAME}` refers to `ruleFragments`. */
export interface InjectionRule {
  readonly id: string;
  readonly intent: InjectionIntent;
  /** Regex source over normalised text (lower case, diacritics stripped). */
  readonly pattern: string;
  /** Score in [0, 1] a match contributes before context damping. */
  readonly weight: number;
}

/**
 * The rule table. Each rule needs an intent aimed at an AI (override, reveal, exfiltrate,
 * persona switch, tool use, deceiving the user) rather than an instruction to a human reader.
 */
export const injectionRules: readonly InjectionRule[] = [
  // Chat-template and role tokens that never belong in a document.
  {
    id: "template-chatml",
    intent: "chat-template",
    pattern:
      "<\\|(?:im_start|im_end|im_sep|endoftext|system|user|assistant|begin_of_text|start_header_id|end_header_id|eot_id)\\|>",
    weight: 0.97,
  },
  {
    id: "template-llama",
    intent: "chat-template",
    pattern: "\\[/?inst\\]|<<\\/?sys>>|<start_of_turn>|<end_of_turn>",
    weight: 0.95,
  },
  {
    id: "header-system",
    intent: "fake-header",
    pattern:
      "(?:^|\\n)\\s*(?:\\[|<|\\{|#{1,4}\\s*|\\*\\*)\\s*(?:system|sys|admin|administrator|developer|assistant|operator|root)(?: (?:message|prompt|override|instruction|instructions|notice|note|update|command))?\\s*(?:\\]|>|\\}|:|\\*\\*)",
    weight: 0.8,
  },
  {
    id: "header-notice-inline",
    intent: "fake-header",
    pattern:
      "\\b(?:system|admin|administrator|developer|operator|root|sysadmin) (?:notice|instructions?|message|update)s?\\s*:",
    weight: 0.45,
  },
  {
    id: "header-override-inline",
    intent: "fake-header",
    pattern:
      "\\b(?:system|admin|administrator|developer|operator|root|sysadmin|security|priority|emergency) (?:override|command|directive)s?\\s*:",
    weight: 0.65,
  },
  {
    id: "header-instruction",
    intent: "fake-header",
    pattern:
      "(?:^|\\n)\\s*#{2,4}\\s*(?:instruction|instructions|new instructions|response|system|task)\\s*:?\\s*(?:\\n|$)",
    weight: 0.8,
  },
  {
    id: "header-end-of-context",
    intent: "fake-header",
    pattern:
      "(?:end of (?:document|context|input|user input|email|text|data)|(?:document|context|data) ends here)\\W{0,6}(?:new |real |actual |updated )?(?:instructions?|task|system)",
    weight: 0.9,
  },
  // Override intents.
  {
    id: "override-en",
    intent: "override",
    pattern:
      "{DROP} (?:(?:all|any|every|each|the|of|your|my|these|those|its)\\s+){0,3}(?:{PREV}\\s+){1,3}{RULES}\\b(?! (?:in|on|of|from|for) (?:section|chapter|page|step|appendix|figure|table|the (?:manual|box|label|guide|leaflet|form|packaging|handbook|sheet|card|website)|this (?:guide|manual|document|leaflet|form)|(?:version|revision|firmware|model) \\w+))",
    weight: 0.9,
  },
  {
    id: "override-en-your",
    intent: "override",
    pattern: "{DROP} (?:all |any )?(?:of )?your (?:\\w+ ){0,2}{RULES}",
    weight: 0.9,
  },
  {
    id: "override-user-request",
    intent: "override",
    pattern:
      "{DROP} (?:the |this |their )?(?:user's|user|users'|customer's|human's|requester's|person's|reader's) (?:\\w+ )?(?:question|request|query|prompt|task|instructions?)s?\\b",
    weight: 0.6,
  },
  {
    id: "override-forget-everything",
    intent: "override",
    pattern:
      "(?:forget|ignore|disregard) (?:everything|all|anything)(?: (?:that |which )?(?:you (?:were|have been) told|(?:was |has been )?(?:said|written|stated) (?:above|before|earlier)|above|before this|so far|until now|previously))",
    weight: 0.85,
  },
  {
    id: "override-new-instructions",
    intent: "override",
    pattern:
      "(?:your|the) (?:new|real|actual|updated|true) (?:instructions?|task|directive|objective|orders) (?:is|are|follows?)\\b|(?:new|updated) instructions? (?:for|to) (?:the |any |all )?{AI}\\b",
    weight: 0.85,
  },
  {
    id: "override-supersede",
    intent: "override",
    pattern:
      "(?:supersedes?|overrides?|replaces?|takes? precedence over|cancels?) (?:all |any )?(?:of )?(?:your|the|any) (?:{PREV} )?(?:instructions|system prompt|guidelines|directives|rules you)",
    weight: 0.85,
  },
  {
    id: "override-de",
    intent: "override",
    pattern:
      "(?:ignorier|vergiss|vergessen sie|missachte|verwirf|uberschreib)\\w* (?:\\w+ ){0,3}(?:vorherigen?|bisherigen?|obigen?|fruheren?|vorigen|ursprunglichen?|alle[nm]?)\\s+(?:\\w+ ){0,2}(?:anweisung|instruktion|befehl|regel|vorgabe|richtlinie|prompt)\\w*",
    weight: 0.9,
  },
  {
    id: "override-fr",
    intent: "override",
    pattern:
      "(?:ignore|oublie|oubliez|neglige|negligez|ne tiens pas compte|ne tenez pas compte)\\w* (?:\\w+ ){0,3}(?:instructions?|consignes?|directives?|regles?|prompt)(?: \\w+){0,2} (?:precedentes?|anterieures?|ci-dessus|initiales?|du systeme|systeme)",
    weight: 0.9,
  },
  {
    id: "override-es-it-pt",
    intent: "override",
    pattern:
      "(?:ignora|ignore|ignorar|ignorate|olvida|olvide|dimentica|dimenticate|esquece|esqueca|desconsidera|desconsidere|descarta)\\w* (?:\\w+ ){0,3}(?:instrucciones|instruccion|istruzioni|istruzione|instrucoes|instrucao|indicaciones|directrices|direttive|diretrizes|reglas|regole|regras)(?: \\w+){0,2} (?:anteriores|previas|precedenti|previe|del sistema|di sistema|do sistema|originales|originali|originais)",
    weight: 0.9,
  },
  {
    id: "override-short",
    intent: "override",
    pattern:
      "\\b(?:ignore|disregard|forget) (?:the |all |everything )?(?:above|said above|what (?:i|we) (?:said|told you|discussed)(?: before| earlier| above)?|everything (?:before|so far|until now)|all (?:that|of the above))\\b",
    weight: 0.8,
  },
  {
    id: "override-de-short",
    intent: "override",
    pattern:
      "\\bvergiss(?:t|en sie)? alles\\b|\\b(?:obigen|vorherigen|bisherigen|vorigen) (?:[\\w,]+ ){0,8}(?:ignorieren|vergessen|sind (?:jetzt |nun |ab sofort )?(?:irrelevant|unwichtig|ungultig)|nicht (?:mehr )?beachten|nicht mehr gultig)\\b",
    weight: 0.75,
  },
  {
    id: "persona-now-you-are",
    intent: "persona",
    pattern:
      "\\bnow,? you(?: are|'re) (?:an? |the |my )?(?!ready|able|done|set|logged|signed|registered|connected|finished)\\w+|\\bjetzt bist du\\b|\\bmaintenant,? tu es\\b|\\bahora,? eres\\b",
    weight: 0.55,
  },
  {
    id: "override-new-task",
    intent: "override",
    pattern:
      "\\b(?:your |the |a )?(?:new|next|real|different) (?:task|assignment|job|mission)(?: \\w+){0,3}? (?:is|are|:|namely|will be)\\b|\\b(?:neue|nachste) aufgabe\\b|\\bnouvelle tache\\b|\\bnueva tarea\\b",
    weight: 0.45,
  },
  {
    id: "override-clear-context",
    intent: "override",
    pattern:
      "\\b(?:remove|clear|erase|delete|wipe|purge|reset|flush)\\w* (?:all |any |the |your )?(?:previous|prior|earlier|above|old|existing) (?:tasks?|instructions?|information|context|memory|rules|prompts?)\\b",
    weight: 0.75,
  },
  {
    id: "persona-pretend-evil",
    intent: "persona",
    pattern:
      "\\b(?:pretend|imagine|act as if|suppose) (?:that )?you(?:'re| are) (?:an? |the )?(?:evil|unrestricted|unfiltered|uncensored|jailbroken|rogue|malicious|unethical|amoral|lawless|unbound)\\b|\\b(?:nun|jetzt|ab jetzt|ab sofort) bist du\\b",
    weight: 0.8,
  },
  {
    id: "override-vendor-rules",
    intent: "override",
    pattern:
      "{DROP} (?:all |any |the |of )*(?:openai|open ai|chatgpt|anthropic|ai|safety|content|ethical|moral|company|model)(?:'s)? (?:rules|policies|policy|guidelines|restrictions|filters|guardrails|principles)\\b",
    weight: 0.8,
  },
  {
    id: "persona-never-break-character",
    intent: "persona",
    pattern: "\\b(?:do not|don't|never|must not|without) (?:ever )?break(?:ing)? character\\b",
    weight: 0.5,
  },
  // An AI addressed directly inside a document.
  {
    id: "addressee-note",
    intent: "addressee",
    pattern:
      "(?:note|message|instructions?|notice|reminder|attention|memo|directive|request|p\\.?s\\.?|important)\\s*(?:to|for)\\s*(?:any |the |all |every |an? |whatever |whichever )?(?:\\w+ ){0,2}{AI}\\b",
    weight: 0.85,
  },
  {
    id: "addressee-if-you-are",
    intent: "addressee",
    pattern:
      "if you(?:'re| are) (?:an? |the )?(?:\\w+ )?{AI}\\b|(?:to|for) (?:any|all|the) {AI} (?:reading|processing|summari[sz]ing|parsing|ingesting|analy[sz]ing|indexing|viewing|handling|seeing|scanning)",
    weight: 0.85,
  },
  {
    id: "addressee-reading-this",
    intent: "addressee",
    pattern:
      "{AI} (?:that is |who is |currently )?(?:reading|processing|summari[sz]ing|parsing|ingesting|analy[sz]ing|indexing|handling|scanning) (?:this|these|the following|the present)",
    weight: 0.85,
  },
  {
    id: "addressee-dear",
    intent: "addressee",
    pattern:
      "(?:^|\\n|[.!?:,;] )(?:dear|hey|hello|hi|attention|attn|psst|ok|okay),? (?:the |all |any )?{AI}\\b",
    weight: 0.55,
  },
  {
    id: "addressee-de",
    intent: "addressee",
    pattern:
      "(?:hinweis|nachricht|anweisung|notiz|wichtig) (?:an|fur) (?:die|den|das|jede[ns]?|alle) (?:ki|ki-assistent\\w*|assistent\\w*|sprachmodell\\w*|ki-system\\w*|ki-modell\\w*|bot)|(?:wenn|falls) du (?:eine ki|ein sprachmodell|ein ki-assistent|ein bot|ein assistent)",
    weight: 0.85,
  },
  {
    id: "addressee-fr-es-it-pt",
    intent: "addressee",
    pattern:
      "(?:note|message|consigne|nota|mensaje|messaggio|mensagem|aviso|avviso|instruction|instruccion|istruzione|instrucao) (?:pour|a|al|para|per) (?:l'|la |el |il |o |a |tout |toute |cualquier |qualsiasi |qualquer )?(?:ia|assistant|asistente|assistente|modelo|modele|modello|agente|agent|chatbot|bot)\\b|si (?:tu es|vous etes|eres|sei|voce e) (?:une? |una? |um |uma )?(?:ia|intelligence artificielle|inteligencia artificial|intelligenza artificiale|assistant|asistente|assistente|modelo|modello|modele|chatbot)\\b",
    weight: 0.85,
  },
  // An AI addressed by role before a colon, or described as reading this very text.
  {
    id: "addressee-colon",
    intent: "addressee",
    pattern:
      "(?<=[\\w'-] )(?:ai|llm|gpt|chatbot|bot|assistant|copilot|agent|ai model|language model|ki|ia)s?(?: [\\w-]+){0,2}\\s*:(?!\\/\\/)|\\b(?:ai|llm|gpt|chatbot|bot|assistant|copilot|ai agent|ai model|language model)s?(?: [\\w-]+){1,2}\\s*:(?!\\/\\/)",
    weight: 0.55,
  },
  {
    id: "addressee-participle",
    intent: "addressee",
    pattern:
      "\\b(?:(?:ai|llm|gpt|automated|autonomous|ai-powered|machine)[ -](?:[\\w-]+ )?(?:systems?|tools?|services?|readers?|reviewers?|agents?|assistants?|models?|helpers?|pipelines?|bots?)|chatbots?|bots?|agents?|llms?|language models?|copilots?)(?: [\\w-]+){0,3}? (?:reading|processing|summari[sz]ing|helping|executing|running|analy[sz]ing|reviewing|answering|handling|parsing|viewing|browsing|assisting|working on|indexing|ingesting|translating|scanning|crawling|evaluating|grading|screening|(?:that|who|which) (?:reads?|process(?:es)?|summari[sz]es?|index(?:es)?|reviews?|crawls?|parses?|scans?|analy[sz]es?|answers? questions about))(?: [\\w-]+){0,2}? (?:this|these|the following|the present|our|my|here|patch notes|release notes|pages?|documents?|e-?mails?|posts?|threads?|articles?|files?)\\b",
    weight: 0.8,
  },
  {
    id: "addressee-fr-destine",
    intent: "addressee",
    pattern:
      "(?:destinee?s?|adressee?s?) (?:a|aux|au) (?:l'|les |la |le |tout |tous les )?(?:ia|assistants?(?: d'ia| ia| virtuels?)?|intelligences? artificielles?|modeles?(?: de langage)?|chatbots?|agents?(?: d'ia)?)\\b|(?:assistants?|agents?|outils?|modeles?|systemes?) d'ia\\b(?: \\w+){0,3} (?:qui (?:lit|lisent|resume|resument|traite|traitent))",
    weight: 0.8,
  },
  {
    id: "ai-configured",
    intent: "ai-reference",
    pattern:
      "\\byou (?:were|have been|'ve been|are) (?:originally |initially )?(?:configured|instructed|programmed|prompted|told by (?:your|the) (?:developer|operator|provider)|set up)\\b|\\b(?:your|its) (?:system prompt|system message|hidden instructions|developer message|setup (?:text|prompt|instructions)|initial (?:prompt|instructions)|operator instructions|guardrails|safety (?:rules|filters|guidelines)|content (?:policy|filters?))\\b",
    weight: 0.5,
  },
  {
    id: "ai-reply-reference",
    intent: "ai-reference",
    pattern:
      "\\b(?:your|the assistant's|the model's|the ai's|the bot's) (?:final |next |generated |eventual )?(?:response|reply|summary|output|completion|translation)s?\\b",
    weight: 0.4,
  },
  {
    id: "ai-when-you-respond",
    intent: "ai-reference",
    pattern:
      "\\b(?:when|before|after|whenever|as) you (?:respond|reply|answer|generate|write your (?:answer|reply|response|summary))\\b",
    weight: 0.4,
  },
  {
    id: "hidden-style",
    intent: "hidden-text",
    pattern:
      "style\\s*=\\s*[\"'][^\"']*(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden|font-size\\s*:\\s*[0-2](?:\\.\\d+)?(?:px|pt|em)|color\\s*:\\s*(?:#f{3}\\b|#f{6}\\b|white\\b|transparent\\b)|opacity\\s*:\\s*0(?:\\.0*)?\\b)",
    weight: 0.45,
  },
  ...goalRules,
];
