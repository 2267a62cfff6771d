// ragguard/filters: the 1000/0 splitter and the guard transformers for LangChain pipelines.
export * from "../../filters/index.js";
