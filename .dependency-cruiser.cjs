/** Architecture rules checked by `npm run check:deps`. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports make load order matter and modules hard to test alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-platform-free',
      severity: 'error',
      comment:
        'Only platform adapters may import Bolt or discord.js; commands, jobs, budget and cache stay platform-neutral.',
      from: { path: '^src/(?!platforms/)' },
      to: { path: 'node_modules/(@slack/bolt|@slack/web-api|discord\\.js|@discordjs)' },
    },
    {
      name: 'platforms-do-not-call-the-club',
      severity: 'error',
      comment:
        "The worker owns every club-service call; adapters only enqueue. Platforms may read the club's domain types, nothing that makes a call.",
      from: { path: '^src/platforms/' },
      to: {
        path: '^src/(club/|app/club-services\\.ts$|cache/cached-club-data\\.ts$)',
        pathNot: '^src/club/domain\\.ts$',
      },
    },
    {
      name: 'production-uses-no-dev-dependencies',
      severity: 'error',
      comment:
        'The image installs production dependencies only (npm ci --omit=dev): only the simulator and the demo may import a devDependency. Move the package to dependencies, or the code to the simulator.',
      from: { path: '^src/', pathNot: '^src/(simulator/|demo\\.ts$)' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'production-does-not-load-the-demo',
      severity: 'error',
      comment:
        'The simulator and the demo run on development dependencies, which the production image lacks.',
      from: { path: '^src/', pathNot: '^src/(simulator/|demo\\.ts$)' },
      to: { path: '^src/(simulator/|demo\\.ts$)' },
    },
    {
      name: 'no-test-code-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
