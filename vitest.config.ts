import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongFirstSequencer } from "./test/helpers/long-first-sequencer.js";

/**
 * Suites that start servers (HTTP on 127.0.0.1, PGlite, PostgreSQL, child processes of the CLI):
 * the "integration" project. Everything else is "unit": `npm run test:unit` runs it alone, a fast
 * loop with no server. `npm test` runs both.
 */
const integration = [
  "test/cli/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/fleet/**/*.test.ts",
  "test/gateway/**/*.test.ts",
  "test/guard-api/**/*.test.ts",
  "test/ingest/**/*.test.ts",
  "test/reliability/**/*.test.ts",
  "test/filters/guard-filters.test.ts",
  "test/filters/remote-guard-filter-api.test.ts",
  "test/screening/screening-example.test.ts",
  "test/package-entries.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core less one: a single worker on a two-core machine,
    // which left one core idle while integration files wait on servers and child processes.
    // Both projects share the workers (one group), so unit files fill the waits.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: integration,
          // Unit files share their worker's module cache (detector models, zod, the scanner
          // registry load once per worker, not once per file): half the CPU time of the unit
          // project. A unit file must leave no global state behind; mocking a module
          // (`vi.mock`) belongs in the integration project, which stays isolated.
          isolate: false,
        },
      },
      { extends: true, test: { name: "integration", include: integration } },
    ],
  },
});
