import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger } from "../../src/common/logger.js";
import { isValid } from "../../src/scan/is-valid.js";
import { scanPrompt } from "../../src/scan/scan-prompt.js";
import type { Scanner } from "../../src/scan/scanner.js";

/** Redacts e-mail addresses and reports them as invalid, like LLM Guard's Anonymize. */
export const emailRedactor: Scanner = {
  name: "Anonymize",
  scan(text) {
    const sanitized = text.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, "[REDACTED_EMAIL_ADDRESS]");
    const found = sanitized !== text;
    return { sanitized, valid: !found, score: found ? 1 : 0 };
  },
};

/** Flags one well-known injection phrase. */
export const phraseDetector: Scanner = {
  name: "PromptInjection",
  scan(text) {
    const found = /ignore (all )?previous instructions/i.test(text);
    return { sanitized: text, valid: !found, score: found ? 1 : 0 };
  },
};

/**
 * A tiny guard API speaking LLM Guard API's `POST /analyze/prompt {"prompt", "scanners_suppress"?}`
 * -> `{sanitized_prompt, is_valid, scanners}`.
 */
export async function startGuardApi(
  scanners: readonly Scanner[],
  options: { token?: string; delayMs?: number } = {},
): Promise<{ url: string; server: Server; maxInFlight: () => number; requests: () => number }> {
  let inFlight = 0;
  let maxInFlight = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (part: Buffer) => {
      body += part.toString("utf8");
    });
    req.on("end", async () => {
      requests += 1;
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "Unauthorized" }));
        return;
      }
      if (req.method !== "POST" || req.url !== "/analyze/prompt") {
        res.writeHead(404).end();
        return;
      }
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const { prompt, scanners_suppress: suppress = [] } = JSON.parse(body) as {
        prompt: string;
        scanners_suppress?: string[];
      };
      const active = scanners.filter((scanner) => !suppress.includes(scanner.name));
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      const [sanitized, valid, scores] = await scanPrompt(active, prompt, {
        logger: silentLogger,
      });
      inFlight -= 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ sanitized_prompt: sanitized, is_valid: isValid(valid), scanners: scores }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    maxInFlight: () => maxInFlight,
    requests: () => requests,
  };
}
