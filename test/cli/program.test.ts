import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

describe("ragguard program", () => {
  it("prints help with every subcommand and exits 0", async () => {
    const result = await runCli("ragguard", ["--help"]);
    expect(result.code).toBe(0);
    for (const name of ["scan", "eval", "ingest", "guard-api", "gateway"]) {
      expect(result.stdout).toContain(name);
    }
  });

  it("exits 2 on an unknown command", async () => {
    const result = await runCli("ragguard", ["no-such-command"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command");
  });
});
