/**
 * Named regex fragments the rule table refers to as `{NAME}`. Patterns run on normalised text
 * (lower case, diacritics stripped, homoglyphs and leetspeak folded).
 */
export const ruleFragments: Readonly<Record<string, string>> = {
  /** Someone addressed as an AI, in English, German, French, Spanish, Italian, Portuguese. */
  AI: "(?:ai|a\\.i\\.|artificial intelligence|(?:ai |virtual |digital |automated |smart )?assistants?|chat ?bots?|chatgpt|gpt(?:-?\\d+\\w*)?|claude|gemini|copilot|llms?|(?:large )?language models?|ai models?|agents?|ai agents?|bots?|summari[sz]ers?|summari[sz]ation (?:tool|model|system|bot)s?|automated (?:reader|system|tool|reviewer|agent|pipeline)s?|(?:ai|digital|automated|virtual|smart|autonomous)[ -](?:[\\w-]+ )?(?:systems?|guides?|readers?|tools?|helpers?|services?|pipelines?|crawlers?)|ki|ki-assistent(?:en)?|sprachmodell|assistenten|ia|l'ia|asistente(?: de ia| virtual)?|assistente(?: virtuale| ia)?|modelo(?: de lenguaje| de linguagem)?|modele(?: de langage)?|modello(?: linguistico)?|agente)",
  /** Earlier guidance an override would throw away. */
  PREV: "(?:previous|prior|preceding|above|earlier|former|original|initial|old|existing|current|default|system|developer|safety|all|any|other|your)",
  /** What an AI is told to throw away. */
  RULES:
    "(?:instructions?|directives?|prompts?|guidelines?|guardrails?|rules?|programming|constraints?|restrictions?|policies|policy|system prompt|system message|context|commands?|orders?|task)",
  /** Verbs that tell a reader to throw guidance away. */
  DROP: "(?:ignore|disregard|forget|override|overrule|bypass|skip|abandon|discard|drop|set aside|stop following|no longer follow|do not follow|don't follow)",
  /** The hidden configuration an attacker wants revealed. */
  SECRET:
    "(?:system ?prompt|system message|system instructions?|initial (?:instructions?|prompt)|original (?:instructions?|prompt)|hidden (?:instructions?|prompt|rules)|developer (?:message|prompt|instructions?)|pre-?prompt|instructions you (?:were|have been) given|(?:your|the) (?:configuration|config|rules) (?:and|&) (?:instructions|prompt))",
  /** Verbs that reveal or output something. */
  SHOW: "(?:reveal|print|output|show|display|repeat|leak|disclose|share|dump|recite|write out|echo|list|tell me|give me|spell out|reproduce|expose)",
  /** Conversation or user data an attacker wants to exfiltrate. */
  DATA: "(?:(?:the |this |our |your |all |full |entire |complete |previous |prior )*(?:conversation|chat(?: history| log| transcript)?|dialog(?:ue)?|transcript|message history|previous messages|(?:user|customer|client|reader|visitor|employee|patient)'?s? (?:[\\w-]+ ){0,2}(?:messages?|data|details|input|query|queries|questions?|e-?mails?(?: address(?:es)?)?|names?|address(?:es)?|passwords?|credentials|files?|documents?|contacts?|history|records?|phone numbers?|card (?:numbers?|details))|personal (?:data|information|details)|credentials|passwords?|api[ _-]?keys?|access tokens?|session (?:tokens?|cookies?|ids?)|secrets?|private keys?|credit card (?:numbers?|details)|contacts?|inbox|emails?|memory|context window|system prompt))",
  /** A destination outside the conversation. */
  DEST: "(?:https?://|www\\.|[\\w.+-]+@[\\w-]+\\.[\\w.]+|(?:the |this |following |an? |our )*(?:url|link|endpoint|webhook|server|address|domain|web ?hook|form|email address|e-mail address))",
  /** Verbs that send data somewhere. */
  SEND: "(?:send|forward|post|upload|transmit|exfiltrate|submit|email|e-mail|mail|leak|copy|append|attach|encode|embed|include|put|add|insert|paste|report|relay|sync|beam)",
  /** An automated reader described by what it does, with no addressee ("AI screening tools", "models summarising this page"). */
  SYS: "(?:(?:automated|automatic|ai|ai-based|ai-powered|ai-driven|llm|llm-based|machine|algorithmic|autonomous|digital|smart|virtual)[ -](?:[\\w-]+ ){0,2}(?:tools?|systems?|assistants?|software|pipelines?|agents?|models?|engines?|bots?|services?|readers?|evaluators?|reviewers?|screeners?|reviews?|screening|graders?|summari[sz]ers?|crawlers?)|(?:models?|llms?|language models?|assistants?|agents?|bots?|chatbots?|summari[sz]ers?|crawlers?|evaluators?|screeners?|systems?|tools?|software|engines?)(?: (?:that|which|who))? (?:reads?|reading|process(?:es|ing)?|summari[sz](?:es|e|ing)|reviews?|reviewing|evaluat(?:es?|ing)|scor(?:es?|ing)|assess(?:es|ing)?|rank(?:s|ing)?|index(?:es|ing)?|analy[sz](?:es?|ing)|screen(?:s|ing)?|handl(?:es?|ing)|asked about|tasked with [\\w-]+)(?: [\\w-]+){0,2}? (?:this|these|the present|the attached|the following)|the (?:reviewing|reading|summari[sz]ing|grading|screening|evaluating|ranking) (?:model|ai|agent|system|assistant|tool|llm))",
  /** Modal verbs of an order given in the third person. */
  MUST: "(?:shall|must|should|will|are (?:required|instructed|expected|asked|supposed) to|is (?:required|instructed|expected|asked|supposed) to|are to|is to|needs? to|ha(?:ve|s) to|ought to)",
  /** A reply the AI produces for its user. */
  REPLY:
    "(?:response|reply|answer|summary|output|completion|translation|analysis|review|report|message|result|rewrite|next message)",
};
