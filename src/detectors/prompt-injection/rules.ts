/** What a rule looks for. */
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
      "{DROP} (?:(?:all|any|every|each|the|of|your|my|these|those|its)\\s+){0,3}(?:{PREV}\\s+){1,3}{RULES}",
    weight: 0.9,
  },
  {
    id: "override-en-your",
    intent: "override",
    pattern: "{DROP} (?:all |any )?(?:of )?your (?:\\w+ ){0,2}{RULES}",
    weight: 0.9,
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
      "(?:^|\\n|[.!?:] )(?:dear|hey|hello|hi|attention|attn|psst|ok|okay),? (?:the )?{AI}\\b",
    weight: 0.8,
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
      "\\b(?:(?:ai|llm|gpt|automated|autonomous|ai-powered|machine)[ -](?:[\\w-]+ )?(?:systems?|tools?|services?|readers?|reviewers?|agents?|assistants?|models?|helpers?|pipelines?|bots?)|chatbots?|bots?|agents?|llms?|language models?|copilots?)(?: [\\w-]+){0,3}? (?:reading|processing|summari[sz]ing|helping|executing|running|analy[sz]ing|reviewing|answering|handling|parsing|viewing|browsing|assisting|working on|indexing|ingesting|translating|scanning|crawling|evaluating|grading|screening|that reads?|that process(?:es)?|that summari[sz]es?)(?: [\\w-]+){0,2}? (?:this|these|the following|the present|our|my|here)\\b",
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
  // Revealing hidden configuration.
  {
    id: "reveal-secret",
    intent: "reveal",
    pattern:
      "{SHOW} (?:me |us |the user )?(?:\\w+ ){0,2}(?:your|the|its|my) (?:\\w+ ){0,1}{SECRET}",
    weight: 0.85,
  },
  {
    id: "reveal-verbatim",
    intent: "reveal",
    pattern:
      "(?:repeat|print|output|reproduce|recite) (?:everything|all|the text|the words|the instructions|the content)(?: \\w+){0,3} (?:above|before this|preceding|at the beginning)(?: \\w+){0,4} (?:verbatim|word for word|in full|exactly)?",
    weight: 0.8,
  },
  {
    id: "reveal-de-fr-es",
    intent: "reveal",
    pattern:
      "(?:zeig|gib|verrate|nenne|wiederhole)\\w* (?:\\w+ ){0,2}(?:deinen|deine|den|die|ihren) (?:system-?prompt|systemnachricht|anfangsanweisung\\w*|ursprunglichen anweisungen|versteckten anweisungen)|(?:revele|revelez|affiche|affichez|montre|montrez|repete|repetez|revela|muestra|muestrame|repite|rivela|mostra|mostre|repita)\\w* (?:\\w+ ){0,2}(?:ton|votre|tu|su|il tuo|o seu|seu|tuo) (?:prompt|invite|mensaje|message|messaggio|mensagem|instructions|instrucciones|istruzioni|instrucoes) (?:systeme|du systeme|del sistema|di sistema|do sistema|initiales|iniciales|iniziali|iniciais)",
    weight: 0.85,
  },
  // Persona switches and jailbreak modes.
  {
    id: "persona-you-are-now",
    intent: "persona",
    pattern:
      "\\byou (?:are|will be|shall be|'re) (?:now|henceforth|from now on|no longer)\\b(?! (?:ready|able|logged|signed|subscribed|registered|enrolled|connected|done|finished|set|all set)\\b)",
    weight: 0.4,
  },
  {
    id: "persona-from-now-on",
    intent: "persona",
    pattern:
      "(?:from now on|from this point (?:on|forward)|henceforth|for the rest of (?:this|the) conversation),? (?:you|the {AI}) (?:will|must|shall|are|should|have to|can)\\b",
    weight: 0.6,
  },
  {
    id: "persona-mode",
    intent: "persona",
    pattern:
      "(?:enter|enable|activate|switch to|switch into|turn on|unlock|boot into)\\w* (?:\\w+ ){0,2}(?:developer|dan|god|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|evil|chaos|no[- ]limits?) mode|\\bdo anything now\\b|\\bdan mode\\b|\\bjailbr(?:o|ea)k(?:en|ed)?\\b.{0,40}\\b(?:mode|persona|version)\\b",
    weight: 0.9,
  },
  {
    id: "persona-no-limits",
    intent: "persona",
    pattern:
      "(?:pretend|act|behave|respond|answer) (?:that |as if |like )?(?:you (?:are|were|have|had) )?(?:an? )?(?:ai |assistant |model )?(?:with(?:out)? )?(?:no|any) (?:restrictions|rules|filters|limits|limitations|guidelines|ethics|content policy|safety)|(?:free|freed|liberated|released) from (?:all |any |your )?(?:\\w+ ){0,1}(?:restrictions|rules|guidelines|constraints|policies|filters|programming)",
    weight: 0.85,
  },
  {
    id: "persona-de-fr-es",
    intent: "persona",
    pattern:
      "\\b(?:du bist (?:jetzt|ab sofort|nun|ab jetzt)|(?:tu es|vous etes) (?:maintenant|desormais|dorenavant)|ahora (?:tu )?eres|a partir de ahora eres|ora sei|da ora (?:in poi )?sei|agora (?:voce e|es))\\b",
    weight: 0.8,
  },
  // Exfiltration of conversation data.
  {
    id: "exfil-markdown-image",
    intent: "exfiltration",
    pattern:
      "!\\[[^\\]]{0,80}\\]\\(\\s*https?://[^)\\s]*[?&#][^)\\s]*=[^)\\s]*(?:\\{|\\}|\\$|%7b|<|\\[|[a-z_]*(?:chat|conversation|history|message|prompt|summary|data|secret|token|key|email|password|session|context|user|input|query|memory|here|insert|paste)[a-z_]*)",
    weight: 0.9,
  },
  {
    id: "exfil-placeholder-url",
    intent: "exfiltration",
    pattern:
      "https?://[^\\s)\"']*[?&][\\w-]+=(?:\\{\\{?|\\$\\{?|%7b|<|\\[)?[a-z_ ]*(?:chat|conversation|history|messages?|prompt|summary|secret|token|api_?key|email|password|session|context|user_?data|memory)[a-z_ ]*(?:\\}\\}?|%7d|>|\\])",
    weight: 0.85,
  },
  {
    id: "exfil-send-data",
    intent: "exfiltration",
    pattern:
      "{SEND}\\w* (?:\\w+ ){0,4}{DATA}(?: \\w+){0,6} (?:to|into|in|as|at|via|through|using|with) (?:\\w+ ){0,3}{DEST}",
    weight: 0.85,
  },
  {
    id: "exfil-render-image",
    intent: "exfiltration",
    pattern:
      "(?:render|display|show|include|embed|output|load|insert|append)\\w* (?:\\w+ ){0,3}(?:image|pixel|markdown image|tracking pixel|img tag)(?: \\w+){0,6} (?:containing|with|including|that contains|encoding|with the|whose url)(?: \\w+){0,3} {DATA}",
    weight: 0.85,
  },
  // Tools an agent could be made to call.
  {
    id: "tool-call",
    intent: "tool",
    pattern:
      "(?:use|call|invoke|run|trigger|execute|activate)\\w* (?:the |your |its |an? )?(?:\\w+ )?(?:send_?email|email|mail|delete_?file|delete|file ?system|filesystem|payment|transfer|banking|shell|terminal|bash|browser|http|fetch|web ?request|calendar|crm|database|sql|python|code[_ ]interpreter)[_ ]?(?:tool|function|plugin|api|action|capability|command|integration)s?\\b",
    weight: 0.8,
  },
  {
    id: "tool-delete-all",
    intent: "tool",
    pattern:
      "(?:delete|remove|wipe|erase|destroy|drop|purge)\\w* (?:all|every|the entire|the whole|each)\\b (?:\\w+ ){0,3}(?:files?|folders?|directories|repositor(?:y|ies)|databases?|tables?|records|emails?|backups?|documents|data)(?: \\w+){0,5} (?:without (?:asking|confirmation|telling|notifying)|silently|immediately|now)",
    weight: 0.8,
  },
  {
    id: "tool-shell-wipe",
    intent: "tool",
    pattern:
      "\\brm -r?f+r? (?:/|~|\\*|\\.)(?:\\s|$|\\*)|\\bdrop (?:database|table) \\w+;?\\s*--|\\bformat c:",
    weight: 0.75,
  },
  {
    id: "tool-transfer-money",
    intent: "tool",
    pattern:
      "(?:transfer|wire|send|pay|move|remit)\\w* (?:\\w+ ){0,2}(?:[$€£]\\s?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:usd|eur|gbp|dollars|euros|pounds|btc|eth)|(?:the |all )?(?:funds|money|balance))(?: \\w+){0,6} (?:to|into) (?:\\w+ ){0,3}(?:account|iban|wallet|address|beneficiary)(?: \\w+){0,8} (?:without (?:asking|confirm|telling|notif)|silently|immediately|do not (?:ask|confirm|tell|notify)|don't (?:ask|confirm|tell))",
    weight: 0.8,
  },
  // Deceiving or manipulating the user through the AI's reply.
  {
    id: "deception-in-reply",
    intent: "deception",
    pattern:
      "(?:in|at the (?:end|start|beginning) of|to the (?:end|start) of|within|throughout) (?:your|every|each|any|the) (?:\\w+ )?{REPLY}s?,? (?:\\w+ ){0,4}(?:you )?(?:must|should|shall|have to|need to|always|never|make sure|be sure|do not|don't|include|add|append|insert|mention|state|say|claim|tell|recommend|urge|describe|write|omit|remove|replace|translate|use|respond|reply|start|end|begin)",
    weight: 0.75,
  },
  {
    id: "deception-tell-user",
    intent: "deception",
    pattern:
      "(?:tell|inform|convince|assure|persuade|advise|warn|remind|urge|instruct) (?:the |all |any )?(?:user|users|reader|readers|customer|customers|requester|human|person asking)s?(?: \\w+){0,3} (?:that|to)\\b",
    weight: 0.55,
  },
  {
    id: "deception-do-not-tell",
    intent: "deception",
    pattern:
      "(?:do not|don't|never|must not|should not|avoid|refrain from) (?:\\w+ )?(?:mention|tell|reveal|disclose|inform|alert|notify|show|let)\\w* (?:\\w+ ){0,2}(?:the user|the users|the reader|the customer|the human|anyone reading|the person asking)|without (?:telling|informing|notifying|alerting) (?:the )?(?:user|reader|customer|human)",
    weight: 0.75,
  },
  {
    id: "deception-when-summarising",
    intent: "deception",
    pattern:
      "(?:when|while|if|whenever|before) (?:you(?:'re| are)? )?(?:summari[sz]ing|summari[sz]e|answering|responding|replying|processing|translating|reviewing|asked about|asked to summari[sz]e|generating (?:a|the|your) (?:summary|answer|response)|writing (?:a|the|your) (?:summary|answer|response))(?: (?:to|about))? (?:this|these|the following|the present|any question about this|questions about this)\\b",
    weight: 0.8,
  },
  {
    id: "deception-de-fr-es",
    intent: "deception",
    pattern:
      "in (?:deiner|ihrer|jeder|der) (?:antwort|zusammenfassung|ausgabe)|(?:dans|a la fin de) (?:ta|votre|chaque|la) (?:reponse|resume|synthese)|(?:en|al final de) (?:tu|su|cada|la) (?:respuesta|resumen)|(?:nella|alla fine della) (?:tua|sua|ogni) (?:risposta|sintesi|riassunto)|(?:na|no final da) (?:sua|tua|cada) (?:resposta|resumo)",
    weight: 0.75,
  },
];

/**
 * Words around a match that mark it as quoted, discussed or aimed at people (advisories,
 * security write-ups, examples); a match in such a sentence is damped.
 */
export const dampingContexts: readonly string[] = [
  "e\\.g\\.",
  "for example",
  "for instance",
  "such as",
  "examples?",
  "sample",
  "attack(?:s|ers?)?",
  "injection",
  "jailbreak(?:s|ing)?",
  "malicious",
  "adversar\\w*",
  "red[- ]team\\w*",
  "phishing",
  "researchers?",
  "advisory",
  "beware",
  "watch out",
  "be careful",
  "payloads?",
  "scammers?",
  "known technique",
  "strings? like",
  "phrases? like",
  "patterns? like",
  "looks? like",
  "such text",
  "classifier",
  "detector",
  "benchmark",
  "test case",
  "never let",
  "should never",
  "must never",
  "prevent\\w*",
  "protect\\w*",
  "defen[cs]e\\w*",
  "guardrails?",
  "risks?",
  "vulnerab\\w*",
  "threats?",
  "mitigat\\w*",
  "flagged",
  "blocked",
];

/** Factor applied to a rule weight when its sentence has a damping context. */
export const dampingFactor = 0.45;
