// ragguard/agents: guardMiddleware for LangChain's createAgent. Needs the optional peer
// dependency langchain 1.x, so only those who import this path need it.
export * from "../screening/agents.js";
