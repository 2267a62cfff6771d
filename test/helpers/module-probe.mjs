// Print (JSON, stdout) every module URL that importing argv[2] resolves, through a resolve hook.
// Used by tests that check what a module pulls in; run with `node --import tsx`.
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on("message", (url) => urls.push(url));
const hooks = `let port; export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) { const r = await next(specifier, context); port.postMessage(r.url); return r; }`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});
await import(process.argv[2]);
await new Promise((r) => setTimeout(r, 100));
port1.close();
console.log(JSON.stringify(urls.filter((u) => !u.startsWith("node:"))));
