import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/g;

/** Every package (bare specifier) the module graph from `entry` imports at load time. */
function packagesReachable(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [resolve(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [statement, specifier] of source.matchAll(importPattern)) {
      if (!specifier || /^\s*(?:import|export)\s+type\s/.test(statement)) continue;
      if (specifier.startsWith(".")) {
        pending.push(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      } else {
        packages.add(
          specifier
            .split("/")
            .slice(0, specifier.startsWith("@") ? 2 : 1)
            .join("/"),
        );
      }
    }
  }
  return packages;
}

it("the main entry point loads no LangChain; ragguard/screening loads its core, ragguard/agents langchain (an optional peer)", () => {
  const main = packagesReachable("src/index.ts");
  expect(main.has("@langchain/core")).toBe(false);
  expect(main.has("langchain")).toBe(false);
  const screening = packagesReachable("src/entries/screening.ts");
  expect(screening.has("@langchain/core")).toBe(true);
  expect(screening.has("langchain")).toBe(false);
  expect(packagesReachable("src/entries/agents.ts").has("langchain")).toBe(true);
});
