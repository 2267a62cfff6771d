import type { GatewayConfigInput } from "../../../src/gateway/config/schema.js";
import {
  type CreateGatewayOptions,
  createGateway,
  type Gateway,
} from "../../../src/gateway/create-gateway.js";
import type { Database } from "../../../src/gateway/db/database.js";

export const masterKey = "sk-master-test-0123456789";

/** A listening gateway on 127.0.0.1:0 with the test master key. */
export interface RunningGateway {
  gateway: Gateway;
  url: string;
  close(): Promise<void>;
  /** Generate a key through the real endpoint. */
  generateKey(body?: Record<string, unknown>): Promise<Record<string, unknown> & { key: string }>;
}

/** Start a gateway over `database` (shared per test file) with the given model list and extras. */
export async function startTestGateway(
  database: Database,
  config: Omit<GatewayConfigInput, "general_settings"> & {
    general_settings?: GatewayConfigInput["general_settings"];
  },
  extra: Omit<CreateGatewayOptions, "config" | "database"> = {},
): Promise<RunningGateway> {
  const gateway = await createGateway({
    config: { ...config, general_settings: { master_key: masterKey, ...config.general_settings } },
    database,
    env: {},
    ...extra,
  });
  const url = await gateway.listen({ port: 0, host: "127.0.0.1" });
  return {
    gateway,
    url,
    close: () => gateway.close(),
    async generateKey(body = {}) {
      const response = await fetch(`${url}/key/generate`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200)
        throw new Error(`key/generate: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown> & { key: string };
    },
  };
}

/** A `model_list` entry that routes `modelName` to an OpenAI-compatible fake upstream. */
export function upstreamDeployment(modelName: string, model: string, upstreamUrl: string) {
  return {
    model_name: modelName,
    gateway_params: { model, api_key: "sk-up", api_base: `${upstreamUrl}/v1` },
  };
}
