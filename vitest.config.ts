import { defineConfig } from 'vitest/config';
import { installTests } from './vitest.install.config.js';
import { slowTests } from './vitest.slow.config.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The process-level suites run in `npm run test:slow`, the production install in `test:install`.
    exclude: ['test/resilience/**', ...slowTests, ...installTests],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Files share their fork's loaded modules rather than import Bolt, discord.js and BullMQ once
    // each (some 35–50 s of a run on 2 cores). Each file keeps to its own Redis prefix, servers
    // and connections, and no test mocks a module, so nothing else carries over.
    isolate: false,
  },
});
