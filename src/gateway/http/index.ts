export { abortReason } from "./abort.js";
export type { HttpClient, HttpRequestInit, HttpResponse } from "./client.js";
export { fetchHttpClient } from "./fetch-client.js";
export { createNodeHttpClient } from "./node-client.js";
