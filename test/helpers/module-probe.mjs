// Print (JSON, stdout) every module URL that importing argv[2] resolves, through a resolve hook.
// Used by tests that check what a module pulls in; run with `node --import tsx`.
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const { port1, port2 } = new MessageChannel();
const urls = [];
// The hooks thread answers "flush" with "end" on the same port, after every URL it sent before:
// one port keeps its messages in order, so no URL can arrive after "end" (no timing guess).
const hooks = `let port;
export function initialize(data) {
  port = data.port;
  port.on("message", () => port.postMessage({ end: true }));
  port.unref();
}
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  port.postMessage({ url: r.url });
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});
await import(process.argv[2]);
await new Promise((resolve) => {
  port1.on("message", (message) => {
    if (message.end) resolve();
    else urls.push(message.url);
  });
  port1.postMessage("flush");
});
port1.close();
console.log(JSON.stringify(urls.filter((u) => !u.startsWith("node:"))));
