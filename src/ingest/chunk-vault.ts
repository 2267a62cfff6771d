import { forwardingVault } from "../scanners/forwarding-vault.js";
import { Vault } from "../scanners/vault.js";

/** A vault handle for scanners built once, refilled with a fresh `Vault` for every chunk. */
export interface ChunkVault {
  /** Pass this to scanner factories; every call goes to the current chunk's own `Vault`. */
  readonly vault: Vault;
  /**
   * Run `fn` with a fresh, empty vault behind {@link ChunkVault.vault}. Chunks run one after the
   * other: starting one while another is still running throws.
   */
  run<T>(fn: (vault: Vault) => Promise<T>): Promise<T>;
}

/**
 * Make a vault handle for a thread that scans one chunk at a time (an ingest worker, or the main
 * thread with `--workers 0`). It gives each chunk a fresh `Vault` like the guard API's
 * `AsyncLocalStorage` task vault does, without async hooks: those run on every promise of the
 * thread (the scanners', pdf.js's), and ingest never overlaps two chunks on one thread.
 *
 * @example
 * const cv = createChunkVault();
 * const anonymize = new Anonymize(cv.vault);
 * const entries = await cv.run(async (vault) => { await anonymize.scan(text); return vault.get(); });
 */
export function createChunkVault(): ChunkVault {
  let current = new Vault();
  let running = false;
  const vault = forwardingVault(() => current);
  return {
    vault,
    async run(fn) {
      if (running) throw new Error("chunk vault: a chunk is already being scanned on this thread");
      running = true;
      current = new Vault();
      try {
        return await fn(current);
      } finally {
        running = false;
      }
    },
  };
}
