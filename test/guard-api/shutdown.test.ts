import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { createScanPool } from "../../src/workers/scan-pool.js";

const workerFile = new URL("../workers/support/test-scan-worker.ts", import.meta.url);
const pool = createScanPool({
  scanners: [{ type: "Spin", params: { ms: 1_500 } }],
  threads: 1,
  workerFile,
});

afterAll(async () => {
  await pool.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("guard API shutdown", () => {
  it("finishes the scan in flight, then answers a pipelined request 503 in the usual shape", async () => {
    const app = await createGuardApi({ pool, logger: silentLogger });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    let raw = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      raw += chunk;
    });
    const ended = new Promise((resolve) => socket.on("close", resolve));
    const body = JSON.stringify({ prompt: "slow" });
    socket.write(
      `POST /analyze/prompt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await sleep(400);
    const closed = app.close();
    await sleep(50);
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await closed;
    await ended;
    const responses = raw.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain(
      '{"sanitized_prompt":"slow","is_valid":true,"scanners":{"Spin":0}}',
    );
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(responses[1]).toMatch(/retry-after: 1/i);
    expect(responses[1]).toContain('{"message":"The server is shutting down.","details":null}');
  });
});
