// ragguard/loaders: one loader per format and a directory walker, returning LangChain Documents.
export * from "../../loaders/index.js";
