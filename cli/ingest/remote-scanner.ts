import pLimit from "p-limit";
import { RemoteGuardFilter } from "../../filters/remote-guard-filter.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";

// Apart from the other scanners: run-command imports it only for `--guard-url`, so a local run's
// main thread does not load the guard API client and LangChain behind it.

/** Scan through a guard API (`--guard-url`); placeholders are numbered per request by the API. */
export function createRemoteScanner(
  url: string,
  token: string | undefined,
  concurrency: number,
  ignoreInvalid: readonly string[],
): ChunkScanner {
  const filter = new RemoteGuardFilter({
    url,
    ...(token ? { token } : {}),
    concurrency,
    ignoreInvalid,
  });
  const limit = pLimit(concurrency);
  const scanOne = (text: string): Promise<ChunkScan> =>
    limit(async () => {
      if (text.trim() === "") return { sanitized: text, valid: {}, scores: {}, vaultEntries: [] };
      return { ...(await filter.scan(text)), vaultEntries: [] };
    });
  return {
    mode: "remote",
    scanBatch: (texts) => Promise.all(texts.map(scanOne)),
    async close() {},
  };
}
