export { abortReason, toAbortSignal, unwatchAbort, watchAbort } from "./abort.js";
export type {
  Abortable,
  AbortHandle,
  HttpClient,
  HttpRequestInit,
  HttpResponse,
} from "./client.js";
export { fetchHttpClient } from "./fetch-client.js";
export { createNodeHttpClient } from "./node-client.js";
