import { describe, expect, it } from "vitest";
import { findSecrets } from "../../../src/detectors/secrets/find-secrets.js";

// Assembled at run time so that no literal token sits in the repository.
const rand = (
  length: number,
  alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789",
) => Array.from({ length }, (_, index) => alphabet[(index * 7 + 3) % alphabet.length]).join("");

const samples: [id: string, text: string, secret: string][] = [
  ["aws-access-key-id", "AKIA" + "Z7Q2ABCDEFGHJKLM", "AKIA" + "Z7Q2ABCDEFGHJKLM"],
  ["github-token", `ghp_${rand(36)}`, `ghp_${rand(36)}`],
  ["gitlab-token", `glpat-${rand(20)}`, `glpat-${rand(20)}`],
  ["slack-token", `xoxb-123456789012-${rand(24)}`, `xoxb-123456789012-${rand(24)}`],
  ["stripe-key", `sk_live_${rand(24)}`, `sk_live_${rand(24)}`],
  ["anthropic-key", `sk-ant-api03-${rand(93)}`, `sk-ant-api03-${rand(93)}`],
  ["openai-key", `sk-proj-${rand(48)}`, `sk-proj-${rand(48)}`],
  ["google-api-key", `AIza${rand(35)}`, `AIza${rand(35)}`],
  [
    "huggingface-token",
    `hf_${rand(34, "abcdefghijklmnopqrstuvwxyzABCDEFGH")}`,
    `hf_${rand(34, "abcdefghijklmnopqrstuvwxyzABCDEFGH")}`,
  ],
  ["npm-token", `npm_${rand(36)}`, `npm_${rand(36)}`],
  [
    "jwt",
    `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${rand(43)}`,
    `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${rand(43)}`,
  ],
  [
    "connection-string-password",
    "mongodb+srv://admin:Tr0ub4dor@cluster0.example.net/db",
    "Tr0ub4dor",
  ],
  ["password-assignment", `db_password = "${rand(14)}"`, rand(14)],
];

describe("findSecrets", () => {
  it.each(samples)("finds %s", (id, text, secret) => {
    const found = findSecrets(`config: ${text} # end`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id, value: secret });
  });

  it("finds secrets in .env files but not placeholders", () => {
    const env = [
      "# service config",
      `AWS_SECRET_ACCESS_KEY=${rand(40, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`,
      "export DB_PASSWORD=Tr0ub4dor-and-3",
      "API_TOKEN=$" + "{API_TOKEN}",
      "LOG_LEVEL=debug",
    ].join("\n");
    expect(findSecrets(env).map((secret) => secret.id)).toEqual([
      "aws-secret-access-key",
      "env-secret-assignment",
    ]);
  });

  it("finds nothing in prose about secrets", () => {
    const text =
      "Keep the password out of the repo; use sk-style keys only via env vars. The token expires in 3600 s.";
    expect(findSecrets(text)).toEqual([]);
  });
});
