/** A rule every check enforces: files matching `from` may not import what matches `to`. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** A layer rule: `src/<from>/` imports nothing from the folders of `src/` named (space-separated). */
const layer = (name, comment, from, folders) => {
  const to = `^src/(${folders.replaceAll(' ', '|')})/`;
  return forbid(name, comment, { path: `^src/${from}/` }, { path: to });
};

/** What only the simulator and the demo may load: they run on development dependencies. */
const production = { path: '^src/', pathNot: '^src/(simulator/|demo\\.ts$)' };

/** Architecture rules checked by `npm run check:deps`. */
module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      'Circular imports make load order matter and modules hard to test alone.',
      {},
      { circular: true },
    ),
    forbid(
      'domain-is-platform-free',
      'Only platform adapters may import Bolt or discord.js; commands, jobs, budget and cache stay platform-neutral.',
      { path: '^src/(?!platforms/)' },
      { path: 'node_modules/(@slack/bolt|@slack/web-api|discord\\.js|@discordjs)' },
    ),
    forbid(
      'platforms-do-not-call-the-club',
      "The worker owns every club-service call; adapters only enqueue. Platforms may read the club's domain types, nothing that makes a call.",
      { path: '^src/platforms/' },
      {
        path: '^src/(club/|app/club-services\\.ts$|cache/cached-club-data\\.ts$)',
        pathNot: '^src/club/(domain\\.ts|short-ref\\.ts|members/|time/)',
      },
    ),
    layer(
      'core-stays-the-kernel',
      'src/core is what every command and adapter shares (reply, chat user, command, form): it knows no command, platform, queue or start-up.',
      'core',
      'commands platforms hosting app jobs dispatch delivery cli ops welfare',
    ),
    layer(
      'club-model-stays-below',
      "src/club is the club's data, its time and its members as the service gives them: it knows nothing of chat, commands or start-up.",
      'club',
      'core commands platforms hosting app jobs dispatch delivery digests cli welfare access cache',
    ),
    layer(
      'commands-only-answer',
      'A command turns data into a reply: it starts nothing, knows no platform and no queue, so every adapter and the worker can run it.',
      'commands',
      'platforms hosting app jobs dispatch delivery cli ops',
    ),
    forbid(
      'production-uses-no-dev-dependencies',
      'The image installs production dependencies only (npm ci --omit=dev): only the simulator and the demo may import a devDependency. Move the package to dependencies, or the code to the simulator.',
      production,
      { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'production-does-not-load-the-demo',
      'The simulator and the demo run on development dependencies, which the production image lacks.',
      production,
      { path: '^src/(simulator/|demo\\.ts$)' },
    ),
    forbid('no-test-code-in-src', undefined, { path: '^src/' }, { path: '^test/' }),
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
