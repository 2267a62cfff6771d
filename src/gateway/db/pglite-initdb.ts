import { spawn } from "node:child_process";
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The child's whole program: open (so initdb runs) and close the data dir given in argv. */
const initdbProgram = `
const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
`;

/** Whether `dataDir` already holds a PostgreSQL cluster (initdb ran there). */
export async function hasPGliteCluster(dataDir: string): Promise<boolean> {
  return access(join(dataDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
}

/**
 * Run PGlite's initdb for `dataDir` in a short-lived child process. In process, initdb leaves
 * about 600 MB of WebAssembly memory behind for the life of the gateway (PGlite 0.5 runs a
 * second instance for it); a child gives it all back when it exits.
 */
export async function initPGliteDataDir(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const child = spawn(process.execPath, ["-e", initdbProgram, entry, dataDir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) {
    throw new Error(`PGlite initdb in ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
  }
}
