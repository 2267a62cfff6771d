export type { SSEParser, SSERecord, SSESource } from "./parser.js";
export { createSSEParser, parseSSEStream } from "./parser.js";
export {
  formatAnthropicSSE,
  formatSSEComment,
  formatSSEData,
  formatSSEEvent,
  SSE_DONE_FRAME,
} from "./writer.js";
