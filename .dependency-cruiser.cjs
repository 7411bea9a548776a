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
        pathNot: '^src/club/(domain\\.ts|short-ref\\.ts|members/|time/)',
      },
    },
    {
      name: 'core-stays-the-kernel',
      severity: 'error',
      comment:
        'src/core is what every command and adapter shares (reply, chat user, command, form): it knows no command, platform, queue or start-up.',
      from: { path: '^src/core/' },
      to: { path: '^src/(commands|platforms|hosting|app|jobs|dispatch|delivery|cli|ops|welfare)/' },
    },
    {
      name: 'club-model-stays-below',
      severity: 'error',
      comment:
        "src/club is the club's data, its time and its members as the service gives them: it knows nothing of chat, commands or start-up.",
      from: { path: '^src/club/' },
      to: {
        path: '^src/(core|commands|platforms|hosting|app|jobs|dispatch|delivery|digests|cli|welfare|access|cache)/',
      },
    },
    {
      name: 'commands-only-answer',
      severity: 'error',
      comment:
        'A command turns data into a reply: it starts nothing, knows no platform and no queue, so every adapter and the worker can run it.',
      from: { path: '^src/commands/' },
      to: { path: '^src/(platforms|hosting|app|jobs|dispatch|delivery|cli|ops)/' },
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
