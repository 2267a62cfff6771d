import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPostgres, type TestDatabase } from "../gateway/helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
} from "../gateway/helpers/test-gateway.js";

/** Run one statement on the admin connection of `DATABASE_URL`. */
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe("gateway losing its PostgreSQL database while running", () => {
  let handle: TestDatabase | undefined;
  let upstream: FakeUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    handle = await openTestPostgres();
    if (handle === undefined) return;
    upstream = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(handle.db, {
      model_list: [
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
      general_settings: { key_cache_ttl: 0 },
    });
  });
  afterAll(async () => {
    if (handle !== undefined)
      await admin(`ALTER DATABASE ${handle.url.split("/").at(-1)} ALLOW_CONNECTIONS true`).catch(
        () => {},
      );
    await running?.close();
    await upstream?.close();
    await handle?.dispose();
  });

  const chat = (key: string) =>
    fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
    });

  it("answers key checks with 503, reports not ready, and recovers when the database returns", async (ctx) => {
    if (handle === undefined) return ctx.skip();
    const name = handle.url.split("/").at(-1) ?? "";
    const { key } = await running.generateKey();
    expect((await chat(key)).status).toBe(200);
    const before = upstream.requests.length;

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    const refused = await chat(key);
    const body = await refused.text();
    expect(refused.status, body).toBe(503);
    expect(JSON.parse(body)).toMatchObject({ error: { message: expect.any(String) } });
    expect(upstream.requests.length).toBe(before);
    expect((await fetch(`${running.url}/health/readiness`)).status).toBe(503);
    expect((await fetch(`${running.url}/health/liveliness`)).status).toBe(200);
    // The master key needs no database.
    expect((await chat(masterKey)).status).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    expect((await fetch(`${running.url}/health/readiness`)).status).toBe(200);
    expect((await chat(key)).status).toBe(200);
  });
});
