import { isIPv4 } from "node:net";

/**
 * Dotted quads that are not hosts: software, firmware and document versions ("v10.2.3.4",
 * "firmware 2.1.0.7", "section 2.1.3.4"). Written for this project.
 */
const versionWordBefore =
  /(?:\b(?:version|versions|ver|vers|versión|versione|versão|versie|firmware|fw|build|release|rel|rev|revision|patch|hotfix|kernel|bios|driver|sdk|update|upgrade|upgraded|updated|section|sections|chapter|clause|step|figure|fig|table|article|art|paragraph|para|item|rule|§)\.?|\bv)\s*[:#=]?\s*$/i;
/** A version word a few words earlier, unless a network word comes after it. */
const versionWordNear =
  /\b(?:version|ver|firmware|fw|build|release|patch|hotfix|kernel|bios|driver|sdk)\b(?![^\n]*\b(?:ip|ips|host|hosts|server|address|addr|gateway|dns|ping|ssh|proxy|subnet|router|client|from|to)\b)[^\n]{0,24}$/i;
/** A letter or an underscore glued to the number ("v10.2.3.4", "ver2.1.0.7", "build_1.2.3.4"). */
const gluedBefore = /[\p{L}_]$/u;
/** A pre-release or build suffix right after ("2.1.0.7-beta", "1.2.3.4+build", "1.2.3.4rc1"). */
const versionAfter = /^(?:[-+~][a-z]|[a-z])/i;

/**
 * Confidence that an IPv4 dotted quad is a host address: every octet 0–255 without leading zeros
 * (node:net), not the unspecified or broadcast address, and not written as a version.
 */
export function scoreIpv4(value: string, before: string, after = ""): number {
  if (!isIPv4(value) || value === "0.0.0.0" || value === "255.255.255.255") return 0;
  if (gluedBefore.test(before) || versionAfter.test(after)) return 0;
  if (versionWordBefore.test(before) || versionWordNear.test(before)) return 0;
  return 0.95;
}
