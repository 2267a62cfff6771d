import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { parseGatewayConfig } from "../../src/gateway/config/load.js";

const page = await readFile(new URL("../../docs/operations.md", import.meta.url), "utf8");
const yamlBlocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

function block(marker: string): string {
  const found = yamlBlocks.find((text) => text.includes(marker));
  if (found === undefined) throw new Error(`docs/operations.md: no yaml block with ${marker}`);
  return found;
}

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
}

describe("docs/operations.md", () => {
  it("has a Compose file with three gateways, two guard APIs, PostgreSQL and Redis", () => {
    const compose = parse(block("services:")) as { services: Record<string, ComposeService> };
    const { gateway, "guard-api": guard, postgres, redis } = compose.services;
    expect(postgres).toBeDefined();
    expect(redis).toBeDefined();
    expect(gateway?.deploy?.replicas).toBe(3);
    expect(guard?.deploy?.replicas).toBe(2);
    expect(gateway?.command?.slice(0, 3)).toEqual(["node", "bin/ragguard.js", "gateway"]);
    expect(guard?.command?.slice(0, 3)).toEqual(["node", "bin/ragguard.js", "guard-api"]);
    expect(gateway?.environment).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgresql:\/\//),
      REDIS_URL: expect.stringMatching(/^redis:\/\//),
      GUARD_API_BASE: expect.stringMatching(/^http:\/\//),
    });
    expect(gateway?.healthcheck?.test?.join(" ")).toContain("/health/readiness");
    expect(guard?.healthcheck?.test?.join(" ")).toContain("/readyz");
    expect(Object.keys(gateway?.depends_on ?? {}).sort()).toEqual([
      "guard-api",
      "postgres",
      "redis",
    ]);
    expect(gateway?.stop_grace_period).toMatch(/^\d+s$/);
  });

  it("has a Kubernetes deployment with a readiness probe on /health/readiness", () => {
    const [deployment] = parseAllDocuments(block("kind: Deployment")).map((doc) => doc.toJS()) as [
      {
        kind: string;
        spec: {
          replicas: number;
          template: {
            spec: {
              terminationGracePeriodSeconds: number;
              containers: Array<{ readinessProbe: { httpGet: { path: string } } }>;
            };
          };
        };
      },
    ];
    expect(deployment.kind).toBe("Deployment");
    expect(deployment.spec.replicas).toBeGreaterThan(1);
    const pod = deployment.spec.template.spec;
    expect(pod.containers[0]?.readinessProbe.httpGet.path).toBe("/health/readiness");
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(35);
  });

  it("shows general_settings and model_info the gateway accepts", () => {
    const general = parse(block("redis_key_prefix")) as { general_settings: unknown };
    const models = parse(block("model_info")) as { model_list: unknown };
    const env = {
      RAGGUARD_MASTER_KEY: "sk-m",
      DATABASE_URL: "postgresql://db/x",
      REDIS_URL: "redis://r:6379/0",
      OPENAI_API_KEY: "sk-o",
    };
    const config = parseGatewayConfig({ ...general, ...models }, env, "docs/operations.md");
    expect(config.fleet).toMatchObject({ redisUrl: "redis://r:6379/0", shutdownDelayMs: 5000 });
    expect(config.deployments[0]?.outputCostPerToken).toBe(0.00001);
    expect(() =>
      parseGatewayConfig({ ...models, general_settings: { redis_url: "http://x" } }, env),
    ).toThrow(/redis_url: must start with redis:\/\/ or rediss:\/\//);
  });
});
