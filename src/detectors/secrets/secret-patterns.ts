/**
 * One kind of secret: `pattern` (global) finds it; when the pattern has a group named `secret`,
 * only that group is the secret (the rest is context such as `password=`), otherwise the whole match.
 */
export interface SecretPattern {
  readonly id: string;
  readonly description: string;
  readonly pattern: RegExp;
}

/**
 * Secret shapes of the common providers and formats, as data. Prefixes come from each provider's
 * documented token formats; generic keyword rules need a quoted or long value to stay precise.
 */
export const secretPatterns: readonly SecretPattern[] = [
  {
    id: "private-key",
    description: "PEM private key block",
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
  },
  {
    id: "aws-access-key-id",
    description: "AWS access key ID",
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z2-7]{16}\b/g,
  },
  {
    id: "aws-secret-access-key",
    description: "AWS secret access key",
    pattern:
      /\baws_?(?:secret)?_?(?:access)?_?key(?:_id)?["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+=]{40})\b/gi,
  },
  {
    id: "github-token",
    description: "GitHub token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
  },
  {
    id: "gitlab-token",
    description: "GitLab token",
    pattern: /\b(?:glpat|gldt|glrt|glptt|glsoat)-[A-Za-z0-9_-]{20,}\b/g,
  },
  {
    id: "slack-token",
    description: "Slack token",
    pattern: /\bxox[abposr]-(?:\d+-)?[A-Za-z0-9-]{10,}\b/g,
  },
  {
    id: "slack-webhook",
    description: "Slack webhook URL",
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9+/]{20,}/g,
  },
  {
    id: "discord-webhook",
    description: "Discord webhook URL",
    pattern:
      /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{40,}/g,
  },
  {
    id: "stripe-key",
    description: "Stripe secret or restricted key",
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}\b/g,
  },
  {
    id: "anthropic-key",
    description: "Anthropic API key",
    pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}\b/g,
  },
  {
    id: "openai-key",
    description: "OpenAI API key",
    pattern:
      /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}\b|\bsk-[A-Za-z0-9]{48}\b/g,
  },
  { id: "google-api-key", description: "Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  {
    id: "google-oauth-secret",
    description: "Google OAuth client secret",
    pattern: /\bGOCSPX-[A-Za-z0-9_-]{28}\b/g,
  },
  { id: "huggingface-token", description: "Hugging Face token", pattern: /\bhf_[A-Za-z]{34}\b/g },
  { id: "npm-token", description: "npm access token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    id: "pypi-token",
    description: "PyPI upload token",
    pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g,
  },
  {
    id: "sendgrid-key",
    description: "SendGrid API key",
    pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
  },
  {
    id: "twilio-key",
    description: "Twilio API key or account SID",
    pattern: /\b(?:SK|AC)[0-9a-f]{32}\b/g,
  },
  { id: "mailgun-key", description: "Mailgun API key", pattern: /\bkey-[0-9a-f]{32}\b/g },
  { id: "mailchimp-key", description: "Mailchimp API key", pattern: /\b[0-9a-f]{32}-us\d{1,2}\b/g },
  {
    id: "shopify-token",
    description: "Shopify access token",
    pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g,
  },
  {
    id: "digitalocean-token",
    description: "DigitalOcean token",
    pattern: /\bdo[por]_v1_[a-f0-9]{64}\b/g,
  },
  {
    id: "telegram-bot-token",
    description: "Telegram bot token",
    pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g,
  },
  {
    id: "square-token",
    description: "Square access token",
    pattern: /\b(?:EAAA|sq0atp-|sq0csp-)[A-Za-z0-9_-]{22,60}\b/g,
  },
  {
    id: "azure-storage-key",
    description: "Azure storage account key",
    pattern: /\bAccountKey=(?<secret>[A-Za-z0-9+/]{86}==)/g,
  },
  {
    id: "azure-sas-signature",
    description: "Azure shared access signature",
    pattern: /\bsig=(?<secret>[A-Za-z0-9%+/]{40,}(?:%3D|=)*)/g,
  },
  {
    id: "jwt",
    description: "JSON Web Token",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}\b/g,
  },
  {
    id: "connection-string-password",
    description: "Connection string with a password",
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"]+:(?<secret>[^\s@/'"]{3,})@[^\s'"]+/gi,
  },
  {
    id: "basic-auth-header",
    description: "HTTP Basic credentials",
    pattern: /\bBasic\s+(?<secret>[A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])/g,
  },
  {
    id: "url-credential-parameter",
    description: "Credential in a URL query parameter",
    pattern:
      /[?&](?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|secret|client[_-]?secret|password|passwd)=(?<secret>[^&\s#"'<>]{8,})/gi,
  },
  {
    id: "env-secret-assignment",
    description: "Secret in a .env-style line (DB_PASSWORD=..., export API_TOKEN=...)",
    pattern:
      /^[ \t]*(?:export[ \t]+)?[A-Z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|APIKEY|PRIVATE_KEY|ACCESS_KEY)[A-Z0-9_]*[ \t]*=[ \t]*(?<secret>[^\s'"#$<]{8,})/gm,
  },
  {
    id: "password-assignment",
    description: "Password or secret assigned in config or code",
    pattern:
      /(?<![A-Za-z])(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key)["']?\s*[:=]\s*(?<quote>["'])(?<secret>[^"'\s]{6,})\k<quote>/gi,
  },
];
