import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, sendJson, startFakeUpstream } from "../helpers/fake-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

/** Attacker-style checks of what an upstream failure shows the client. */
const providerKey = "sk-provider-secret-0123456789abcdef";
let database: TestDatabase;
let upstream: FakeUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  database = await openTestPGlite();
  upstream = await startFakeUpstream((_request, res) => sendJson(res, 500, {}));
  gateway = await startTestGateway(database.db, {
    model_list: [
      {
        model_name: "ok",
        gateway_params: {
          model: "openai/gpt-4o",
          api_key: providerKey,
          api_base: `${upstream.url}/v1`,
        },
      },
      {
        model_name: "down",
        gateway_params: {
          model: "openai/gpt-4o",
          api_key: providerKey,
          api_base: "http://127.0.0.1:9/v1",
        },
      },
    ],
  });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await database?.dispose();
});

const ask = (model: string) =>
  fetch(`${gateway.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content: "Hi." }] }),
  }).then((response) => response.text());

describe("upstream errors", () => {
  it("scrub the provider key before cutting the message, so no prefix of it survives", async () => {
    // The key straddles the 500-character cut: scrubbing after the cut would miss its prefix.
    const padding = "x".repeat(470);
    upstream.handle((_request, res) => {
      res.writeHead(401).end(`${padding} bad key ${providerKey}`);
    });
    const body = await ask("ok");
    expect(body).not.toContain("sk-provider");
    expect(body).toContain("bad key");
  });

  it("never show the upstream's address when it cannot be reached", async () => {
    const body = await ask("down");
    expect(body).toContain("upstream unreachable");
    expect(body).not.toContain("127.0.0.1");
    expect(body).not.toContain(":9");
  });
});
