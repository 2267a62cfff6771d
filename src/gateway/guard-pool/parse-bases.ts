import { ConfigError } from "../../common/errors.js";

/**
 * Split a comma-separated list of guard API bases (`GUARD_API_BASE`,
 * `gateway_settings.guard_api_base`) into URLs without trailing slashes; `source` names the
 * setting in errors.
 *
 * @example
 * parseGuardBases("http://guard-a:8000, http://guard-b:8000/", "GUARD_API_BASE");
 * // ["http://guard-a:8000", "http://guard-b:8000"]
 */
export function parseGuardBases(value: string, source: string): string[] {
  const bases = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (bases.length === 0) throw new ConfigError(`${source}: no guard API address`);
  return bases.map((base, index) => {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new ConfigError(`${source}: entry ${index + 1} ("${base}") is not a URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ConfigError(`${source}: entry ${index + 1} ("${base}") is not http(s)`);
    }
    return base.replace(/\/+$/, "");
  });
}
