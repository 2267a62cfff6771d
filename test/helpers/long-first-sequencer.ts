import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first (per-file durations of a whole run). They start
 * before everything else so that none of them runs alone at the end while the other worker idles.
 * A file missing here only starts later; a listed file that was removed is ignored. Add a file
 * that takes more than ~10 s of CPU (docs/development.md, "Running the tests").
 */
export const longFiles = [
  "test/reliability/load.test.ts",
  "test/fleet/fleet.test.ts",
  "test/ingest/vector/lancedb-sink.test.ts",
  "test/guard-api/limits.test.ts",
  "test/workers/scan-pool.test.ts",
  "test/detectors/text-features/pretests.test.ts",
  "test/gateway/callbacks/guard-fields.test.ts",
  "test/reliability/gateway-bad-input.property.test.ts",
  "test/ingest/hostile-files.test.ts",
  "test/gateway/router/failover.test.ts",
];

const rank = (spec: TestSpecification): number => {
  const index = longFiles.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? longFiles.length : index;
};

/**
 * Vitest's order (failed first, then by the durations it cached, else larger files first) with
 * {@link longFiles} moved to the front: a fresh clone (CI) has no cached durations.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
