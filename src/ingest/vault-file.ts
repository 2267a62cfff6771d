import { readFile } from "node:fs/promises";
import { ConfigError } from "../common/errors.js";
import { Vault } from "../scanners/vault.js";
import { writeFileAtomic } from "./atomic-file.js";

/** Read a vault saved by {@link saveVault}; a missing file gives an empty vault. */
export async function loadVault(path: string): Promise<Vault> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Vault();
    throw new ConfigError(`--vault ${path}: cannot read (${(error as Error).message})`);
  }
  try {
    return Vault.fromJSON(JSON.parse(text));
  } catch (error) {
    throw new ConfigError(`--vault ${path}: not a vault file (${(error as Error).message})`);
  }
}

/** Save a vault atomically with file mode 0600: it holds the original personal data. */
export async function saveVault(path: string, vault: Vault): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(vault.toJSON(), null, 2)}\n`, { mode: 0o600 });
}
