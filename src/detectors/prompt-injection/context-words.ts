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
  "such (?:text|lines|strings|phrases|instructions|content|messages|payloads)",
  "(?:players?|students?|participants?|guests?|pupils?|the game ?master|the host|the teacher|gms?) (?:may|can|must|should|will|shall|are|is|lose|loses|get|gets)",
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
  // "classify this as low risk" is a verdict, not talk about risks.
  "(?<!(?:low|high|medium|minimal|moderate|no)[ -])risks?",
  "vulnerab\\w*",
  "threats?",
  "mitigat\\w*",
  "flagged",
  "blocked",
];

/** Words before quoted text that introduce it as an example ("e.g.", "strings like"). */
export const exampleContexts: readonly string[] = [
  "e\\.g\\.",
  "for example",
  "for instance",
  "such as",
  "examples?",
  "samples?",
  "strings? like",
  "phrases? like",
  "patterns? like",
  "text like",
  "looks? like",
  "saying",
  "which (?:said|read)",
  "(?:the|a|this) line",
  "lines? like",
];

/** Words before quoted text or code that say it is an attack being studied, tested or caught. */
export const attackTalkContexts: readonly string[] = [
  "attack(?:s|ers?)?",
  "injections?",
  "injected",
  "jailbreak(?:s|ing)?",
  "malicious",
  "adversar\\w*",
  "red[- ]team\\w*",
  "phishing",
  "scammers?",
  "payloads?",
  "test (?:case|string|input|prompt)s?",
  "classifier",
  "detector",
  "benchmark",
  "flagged",
  "blocked",
  "caught",
];

/**
 * Words before a quoted span that say it is meant for people (a rules card read to players, a
 * script handed to students); with `dampingContexts` they mark quoted spans as not aimed at an AI.
 */
export const audienceContexts: readonly string[] = [
  "players?",
  "participants?",
  "students?",
  "pupils?",
  "learners?",
  "trainees?",
  "attendees?",
  "guests?",
  "actors?",
  "the cast",
  "game ?masters?",
  "gms?",
  "dungeon ?masters?",
  "referees?",
  "children",
  "kids",
  "volunteers?",
  "employees?",
  "staff",
  "users? (?:see|read|type|enter|should|must|can)",
];

/** Factor applied to a rule weight when its sentence has a damping context. */
export const dampingFactor = 0.45;
