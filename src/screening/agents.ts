// ragguard/agents: prompt screening for LangChain agents. Kept apart from the main entry point so
// that `langchain` (an optional peer dependency) is only needed by those who import this path.
export {
  type GuardMiddlewareOptions,
  guardMiddleware,
} from "./guard-middleware.js";
export { PromptRejectedError } from "./prompt-rejected-error.js";
