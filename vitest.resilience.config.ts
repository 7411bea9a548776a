import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Runs the scenarios one after another in file-name order: the secrets scan (07) comes last. */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/** `npm run test:resilience`: scenario tests with real processes, real Redis and the simulator. */
export default defineConfig({
  test: {
    include: ['test/resilience/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/resilience/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One scenario at a time: each measures timings and kills processes.
    fileParallelism: false,
    sequence: { sequencer: ByFileName },
  },
});
