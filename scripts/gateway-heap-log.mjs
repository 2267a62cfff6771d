// Heap log of the bench's plain gateway: preload it into every process of a bench run and the
// gateway started with `plain.yaml` appends, every 3 s, V8's new, old and code space (committed /
// in use, MiB) and its RSS to /tmp/gateway-heap-<pid>.txt:
//   NODE_OPTIONS="--import $PWD/scripts/gateway-heap-log.mjs" node bin/ragguard.js bench --only gateway
// Other processes (the bench, the upstream, the guard API) only load this file.
import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";

if (process.argv.some((arg) => arg.endsWith("plain.yaml"))) {
  const started = Date.now();
  const mib = (bytes) => (bytes / 1048576).toFixed(1);
  setInterval(() => {
    const spaces = getHeapSpaceStatistics()
      .filter((space) => ["new_space", "old_space", "code_space"].includes(space.space_name))
      .map(
        (space) =>
          `${space.space_name} ${mib(space.physical_space_size)}/${mib(space.space_used_size)}`,
      );
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    appendFileSync(
      `/tmp/gateway-heap-${process.pid}.txt`,
      `${seconds}s ${spaces.join(", ")} rss ${mib(process.memoryUsage().rss)}\n`,
    );
  }, 3000).unref();
}
