import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
} from "../gateway/helpers/test-gateway.js";
import {
  edgeString,
  extraFields,
  type MalformedRequest,
  malformedRequests,
  notAString,
} from "./malformed-bodies.js";

/** A key name a client might send: edge strings, raw-looking keys, token-id-looking text. */
const keyName = fc.oneof(
  edgeString,
  edgeString.map((text) => `sk-${text}`),
  fc.uuid(),
  fc.constantFrom("sk-", "sk-\u0000", "\u0000", "00000000-0000-0000-0000-00000000000g"),
);

/** Text safe to put in a URL (lone surrogates cannot be percent-encoded). */
const inUrl = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"));

/**
 * Bodies of /key/update and /key/delete that are wrong or name no key of this gateway, and
 * /key/generate bodies of the right shape carrying hostile strings.
 */
const routes: Record<string, fc.Arbitrary<object>> = {
  "/key/generate": fc.oneof(
    edgeString.map((key_alias) => ({ key_alias: key_alias.slice(0, 1_000) || "x" })),
    edgeString.map((note) => ({ metadata: { note } })),
    edgeString.map((text) => ({ metadata: { [text.slice(0, 100)]: 1 } })),
  ),
  "/key/update": fc.oneof(
    fc.constant({ blocked: true }),
    notAString.map((key) => ({ key, blocked: true })),
    keyName.map((key) => ({ key, blocked: true })),
    keyName.map((key) => ({ key, key_alias: "renamed", metadata: { note: "\u0000" } })),
    fc
      .tuple(keyName, extraFields)
      .filter(([, extra]) => Object.keys(extra).length > 0)
      .map(([key, extra]) => ({ ...extra, key })),
    fc.constantFrom(5, "x", [], {}).map((blocked) => ({ key: "sk-x", blocked })),
  ),
  "/key/delete": fc.oneof(
    fc.constant({}),
    fc.constant({ keys: [] }),
    notAString.map((keys) => ({ keys })),
    fc.array(keyName, { minLength: 1, maxLength: 3 }).map((keys) => ({ keys })),
    fc.array(notAString, { minLength: 1, maxLength: 3 }).map((keys) => ({ keys })),
  ),
};

/** Query strings for the GET key routes: unknown keys, wrong numbers, repeated parameters. */
const queries: Record<string, fc.Arbitrary<string>> = {
  "/key/info": fc.oneof(
    fc.constant(""),
    fc.constant("key="),
    keyName.map((key) => `key=${inUrl(key.slice(0, 2_000))}`),
    fc.constant("key=a&key=b"),
    fc.string({ unit: "binary", maxLength: 40 }).map((raw) => `key=${inUrl(raw)}`),
  ),
  "/key/list": fc.oneof(
    fc
      .tuple(
        fc.constantFrom("page", "size"),
        fc.oneof(
          fc.constantFrom("0", "-1", "1.5", "abc", "", "1e400", "NaN", "1001", "9".repeat(400)),
          edgeString.map((text) => inUrl(text.slice(0, 200))),
        ),
      )
      .map(([name, value]) => `${name}=${value}`),
    fc.constant("page=1&page=2"),
  ),
};

describe("gateway key routes: generated malformed and unknown-key requests", () => {
  let db: TestDatabase;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    running = await startTestGateway(db.db, {
      model_list: [
        { model_name: "gpt-4o", gateway_params: { model: "openai/gpt-4o", api_key: "sk-up" } },
      ],
    });
    // A real key, so that lookups run against a table that is not empty.
    await running.generateKey({ key_alias: "kept" });
  });
  afterAll(async () => {
    await running?.close();
    await db?.dispose();
  });

  const expectClientError = (status: number, text: string) => {
    expect(status, text).toBeGreaterThanOrEqual(400);
    expect(status, text).toBeLessThan(500);
    const body = JSON.parse(text) as { error: { message?: unknown; type?: unknown } };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(typeof body.error.message).toBe("string");
    expect(typeof body.error.type).toBe("string");
  };

  /** Well-formed calls may succeed: a new key, or a delete that deleted nothing. */
  const isRightSuccess = (url: string, status: number, body: string) =>
    status === 200 &&
    ((url === "/key/generate" && typeof (JSON.parse(body) as { key?: unknown }).key === "string") ||
      (url === "/key/delete" && body === '{"deleted_keys":[]}'));

  for (const [url, badObjects] of Object.entries(routes)) {
    it(`answers 4xx in the OpenAI error shape, never a 5xx, to 200 generated bodies on ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(malformedRequests(badObjects), async (request: MalformedRequest) => {
          const response = await running.gateway.app.inject({
            method: "POST",
            url,
            headers: {
              authorization: `Bearer ${masterKey}`,
              ...(request.contentType === "" ? {} : { "content-type": request.contentType }),
            },
            payload: request.payload,
          });
          if (isRightSuccess(url, response.statusCode, response.body)) return;
          expectClientError(response.statusCode, response.body);
        }),
        { numRuns: 200 },
      );
      expect((await running.gateway.app.inject({ url: "/health/readiness" })).statusCode).toBe(200);
    });
  }

  for (const [url, query] of Object.entries(queries)) {
    it(`answers 4xx or a page, never a 5xx, to 200 generated queries on ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(query, async (text) => {
          const response = await running.gateway.app.inject({
            url: `${url}?${text}`,
            headers: { authorization: `Bearer ${masterKey}` },
          });
          if (response.statusCode === 200) {
            expect(url, `${text} -> ${response.body.slice(0, 200)}`).toBe("/key/list");
            return;
          }
          expectClientError(response.statusCode, response.body);
        }),
        { numRuns: 200 },
      );
      const list = await running.gateway.app.inject({
        url: "/key/list",
        headers: { authorization: `Bearer ${masterKey}` },
      });
      // Nothing was deleted or blocked by all of that: the first key is still there.
      const keys = (list.json() as { keys: Array<{ key_alias: string | null; blocked?: boolean }> })
        .keys;
      expect(keys.find((key) => key.key_alias === "kept")).toBeDefined();
    });
  }
});
