import type { InjectionRule } from "./rules.js";

/**
 * Rules for what a planted instruction wants from the AI: reveal its configuration, switch
 * persona, exfiltrate data, call tools, or deceive the user. Part of `injectionRules`.
 */
export const goalRules: readonly InjectionRule[] = [
  // Revealing hidden configuration.
  {
    id: "reveal-secret",
    intent: "reveal",
    pattern:
      "(?<!\\b(?:never|not|n't|refuse to|nor|without) (?:\\w+ )?){SHOW} (?:me |us |the user )?(?:\\w+ ){0,2}(?:your|the|its|my) (?:\\w+ ){0,1}{SECRET}",
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
      "(?:use|call|invoke|run|trigger|execute|activate)\\w* (?:the |your |its |an? )?(?:\\w+ )?(?:send_?email|email|mail|delete_?file|delete|file ?system|filesystem|payment|transfer|banking|shell|terminal|bash|browser|http|fetch|web ?request|calendar|crm|database|sql|python|code[_ ]interpreter)s?[_ ]?(?:tool|function|plugin|api|action|capability|command|integration)s?\\b",
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
  {
    id: "tool-payment-unconfirmed",
    intent: "tool",
    pattern:
      "(?:transfer|wire|send|pay|move|remit|charge|initiate an? (?:payment|transfer|wire)|make an? (?:payment|transfer)|vire[rz]?|virement|transfiere|transfiera|transferir|transfira|trasferisci|trasferire|uberweise|uberweisen|zahle)\\w* (?:\\w+ ){0,3}(?:[$€£]\\s?\\d[\\d,.]*|(?:usd|eur|gbp|chf) ?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:usd|eur|gbp|chf|dollars|euros|pounds|btc|eth))(?: \\S+){0,10} (?:(?:to|into|sur|auf|a|al|sul|para|na) (?:le |la |el |das |den |il |o |a )?(?:\\w+ ){0,2}(?:account|iban|wallet|konto|compte|cuenta|conto|conta|card|karte|carte|tarjeta)|[a-z]{2}[a-z\\d]{2}(?: ?[a-z\\d]{4}){0,2} ?\\d{4}(?: ?[a-z\\d]{1,4}){0,5})(?: \\S+){0,10}? (?:without (?:asking|confirm|telling|notif|approval|permission)|silently|immediately|do not (?:ask|confirm|tell|notify)|don't (?:ask|confirm|tell)|sans (?:demander|confirmation|prevenir)|ohne (?:nachzufragen|ruckfrage|bestatigung|zu fragen)|sin (?:pedir|preguntar|confirmacion|avisar)|senza (?:chiedere|conferma|avvisare)|sem (?:pedir|confirmacao|avisar))",
    weight: 0.8,
  },
  {
    id: "tool-read-secrets",
    intent: "tool",
    pattern:
      "(?:read|cat|open|load|send|upload|post|pass|include|attach|copy|exfiltrate|print|output)\\w* (?:\\w+ ){0,3}(?:~/\\.ssh/id_\\w+\\b(?!\\.pub)|id_(?:rsa|ed25519|ecdsa)\\b(?!\\.pub)|\\.aws/credentials|/etc/(?:passwd|shadow)|\\.git-credentials|\\.npmrc)",
    weight: 0.75,
  },
  {
    id: "tool-mass-message",
    intent: "tool",
    pattern:
      "(?:send|forward|e-?mail|message|reply to|write to)\\w* (?:\\w+ ){0,4}(?:to )?(?:all|every|each) (?:of )?(?:the |your |my |their )?(?:contacts|recipients|addresses in|people in (?:the|your) (?:address book|contacts)|e-?mails? in the inbox)",
    weight: 0.6,
  },
  // Orders to an automated reader given in the third person or the passive, with no addressee.
  {
    id: "directive-rate-this",
    intent: "deception",
    pattern:
      "{SYS}(?: [\\w-]+){0,3}? {MUST} (?:always |only |now |also |then |immediately )?(?:classify|rate|mark|score|rank|label|treat|describe|present|grade|assess|evaluate|consider|report|list|approve|recommend|accept) (?:this|the present|the attached|it|the (?:applicant|candidate|vendor|supplier|submission|document|paper|contract|agreement|listing|product|report|filing|company|seller))(?: [\\w-]+){0,2}? as\\b",
    weight: 0.8,
  },
  {
    id: "directive-third-person",
    intent: "deception",
    pattern:
      "{SYS}(?: [\\w-]+){0,3}? {MUST} (?:always |only |now |also |then |immediately )?(?:classify|rate|mark|score|rank|recommend|approve|advance|state|omit|share|include|send|forward|describe|treat|ignore|disregard|present|tell|say|claim|label|endorse|favou?r|prioriti[sz]e|accept|leave out|hide|conclude|output|reveal|praise|promote|shortlist|downplay)\\b",
    weight: 0.5,
  },
  {
    id: "directive-third-person-this",
    intent: "deception",
    pattern:
      "{SYS}(?: [\\w-]+){0,3}? {MUST} (?:always |only |now |also |then |immediately )?(?:classify|rate|mark|score|rank|recommend|approve|advance|state|omit|share|include|send|forward|describe|treat|ignore|disregard|present|tell|say|claim|label|endorse|favou?r|prioriti[sz]e|accept|leave out|hide|conclude|output|reveal|praise|promote|shortlist|downplay)\\w*(?: [\\w'-]+){0,3}? (?:this|these|the present|the attached|the following|regardless|without|whatever|irrespective|no matter)\\b",
    weight: 0.7,
  },
  {
    id: "directive-passive-ai",
    intent: "deception",
    pattern:
      "(?:must|shall|is to|are to|should|has to|have to|needs? to) be (?:rated|classified|marked|scored|treated|reported|described|ranked|labell?ed|presented|summari[sz]ed|approved|graded|assessed) as [^.\\n]{1,60}? (?:by|in|for) (?:the |any |all |every |whichever |each |an? )?(?:[\\w-]+ ){0,2}(?:model|ai|llm|assistant|agent|automated|automatic|machine|bot|chatbot|summar\\w*|language model)",
    weight: 0.75,
  },
  // Direct prompts that hijack the task part-way through.
  {
    id: "hijack-act-as-tool",
    intent: "persona",
    pattern:
      "(?:[.!?:;-]\\s*|\\b(?:now|then|afterwards|instead|next|aur|y|und|et),?\\s+)(?:please |just |now )?(?:i want you to |i'd like you to |you will |you should )?(?:act|behave|function|serve|work|pose) as (?:an? |the |my )?(?:[\\w-]+ ){0,2}(?:terminal|shell|console|interpreter|command line|repl)\\b",
    weight: 0.65,
  },
  {
    id: "hijack-new-task",
    intent: "override",
    pattern:
      "\\b(?:stop|enough|ok|okay|done|good|great|nice|wait|hold on|attention|thanks|cool|perfect|excellent|fine|work)\\W{1,4}(?:now,? )?(?:(?:a |your )?(?:new|additional) (?:task|instruction|assignment|job)s?|new tasks follow)\\s*[:.-]|[.!?]\\s+(?:now,? )?(?:a |your )?new (?:task|assignment)s?\\s*[:-]",
    weight: 0.7,
  },
  {
    id: "hijack-answer-only",
    intent: "persona",
    pattern:
      "\\bfrom now on,? (?:you )?(?:will |must |should )?(?:only |always |just )?(?:answer|reply|respond|say|write|output|speak|talk)\\w* (?:only |always |exclusively |just )?(?:with|in|as|using|like)\\b",
    weight: 0.55,
  },
  {
    id: "override-hinglish",
    intent: "override",
    pattern:
      "\\b(?:pichl[aie]|purane|purani|upar|uper|pehle|pahle|saare|sare|sab|sabhi)\\b(?: [\\w']+){0,3}? (?:instructions?|rules?|nirdesh|niyam|baat(?:ein|en|on)?|commands?|prompts?|guidelines?|hidayat\\w*|kuch|sab)(?: [\\w']+){0,2}? (?:ignore|bhool|bhul|nazarandaz|chhod|chod)\\w*(?: (?:karo|kar do|kardo|karna|jao|ja|do|dena|de))\\b",
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
