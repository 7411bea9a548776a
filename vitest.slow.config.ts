import { defineConfig } from 'vitest/config';

/**
 * The suites that start node processes of their own (the built image's JS, several workers, the
 * CLIs under tsx): each spends seconds in start-up. `npm test` leaves them out; CI runs them.
 */
export const slowTests = [
  'test/ops/built-image.test.ts',
  'test/ops/start-up.test.ts',
  'test/jobs/pipeline.test.ts',
  'test/budget/processes.test.ts',
  'test/demo.test.ts',
  'test/simulator/cli.test.ts',
  'test/platforms/discord/deploy-commands.test.ts',
  'test/hosting/hosted-start-up.test.ts',
  'test/cli/admin-clis.test.ts',
  'test/ops/sealed-data-start.test.ts',
  'test/route/route-count.test.ts',
];

/** `npm run test:slow`: the process-level suites, on the same private Redis as `npm test`. */
export default defineConfig({
  test: {
    include: slowTests,
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
