import { defineConfig } from 'vitest/config';

/**
 * The production install (build, `npm prune --omit=dev` in a copy, every `club-bot` command): its
 * result does not depend on the Node that runs the suite, so CI runs it once (`npm run
 * test:install`), apart from `npm test` and `npm run test:slow`.
 */
export const installTests = ['test/ops/production-install.test.ts'];

export default defineConfig({
  test: {
    include: installTests,
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
