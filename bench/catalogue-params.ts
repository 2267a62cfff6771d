/** Params of the catalogue scanners that need some, shared by the speed and quality benches. */
export const catalogueParams: Readonly<Record<string, Record<string, unknown>>> = {
  BanCompetitors: { competitors: ["Salesforce", "HubSpot", "Zendesk"] },
  BanSubstrings: { substrings: ["test"], match_type: "word" },
  BanTopics: { topics: ["violence"] },
  Code: { languages: ["Python", "JavaScript"] },
  Language: { valid_languages: ["en"] },
  ReadingTime: { max_time: 5 },
};
