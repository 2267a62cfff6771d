import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const probe = fileURLToPath(new URL("./helpers/module-probe.mjs", import.meta.url));
const exportsMap = (
  JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
    exports: Record<string, string | { types: string; import: string }>;
  }
).exports;

/** The source file behind a subpath: ./dist/src/entries/gateway.js -> src/entries/gateway.ts. */
function sourceOf(subpath: string): string {
  const target = exportsMap[subpath];
  if (typeof target !== "object") throw new Error(`package.json exports has no "${subpath}"`);
  return `${root}${target.import.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts")}`;
}

/** Every module URL that importing `specifier` resolves, in a fresh process (see module-probe). */
async function modulesImportedBy(specifier: string, viaTsx: boolean): Promise<string[]> {
  const args = [...(viaTsx ? ["--import", "tsx"] : []), probe, specifier];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root });
  return JSON.parse(stdout) as string[];
}

/** The packages among `urls` that the main entry must not load. */
const heavy = (urls: readonly string[]) =>
  urls
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name): name is string =>
      /^(fastify|@fastify\/.*|@electric-sql\/pglite|pg|@langchain\/.*|langchain)$/.test(name ?? ""),
    );

describe("package entry points", () => {
  it("names a built file and a source for every subpath", () => {
    const subpaths = Object.keys(exportsMap).filter((key) => key !== "./package.json");
    expect(subpaths).toEqual(
      expect.arrayContaining([
        ".",
        "./scanners",
        "./loaders",
        "./ingest",
        "./filters",
        "./screening",
        "./agents",
        "./gateway",
        "./guard-api",
      ]),
    );
    for (const subpath of subpaths) expect(existsSync(sourceOf(subpath)), subpath).toBe(true);
  });

  it('"ragguard" loads no fastify, PGlite, pg or LangChain module, and exports the scanners', async () => {
    const urls = await modulesImportedBy(sourceOf("."), true);
    expect(urls.some((url) => url.includes("/src/scan/scan-prompt.ts"))).toBe(true);
    expect(heavy(urls)).toEqual([]);
    const main = await import("../src/index.js");
    for (const name of ["scanPrompt", "Anonymize", "Toxicity", "PromptInjection", "Regex", "Vault"])
      expect(main, name).toHaveProperty(name);
  });

  it('"ragguard/scanners" loads none of them either', async () => {
    expect(heavy(await modulesImportedBy(sourceOf("./scanners"), true))).toEqual([]);
  });

  // The probe sees packages loaded through the entry: the server and LangChain entries do load them.
  it("the server and LangChain entries load what the main entry leaves out", async () => {
    expect(heavy(await modulesImportedBy(sourceOf("./gateway"), true))).toContain("fastify");
    expect(heavy(await modulesImportedBy(sourceOf("./screening"), true))).toContain(
      "@langchain/core",
    );
  });

  // The build a user installs (`npm ci` runs the build; skipped before the first build).
  it.skipIf(!existsSync(`${root}dist/src/index.js`))(
    'the built "ragguard" resolves through package.json and stays light',
    async () => {
      const urls = await modulesImportedBy("ragguard", false);
      expect(urls.some((url) => url.endsWith("/dist/src/index.js"))).toBe(true);
      expect(heavy(urls)).toEqual([]);
    },
  );
});
