import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function readVersion(): string {
  for (const candidate of ["../../package.json", "../../../package.json"]) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // try the next layout (source vs dist)
    }
  }
  return "0.0.0";
}

/** The package version, read once from package.json (works from src/ and dist/src/). */
export const packageVersion: string = readVersion();
