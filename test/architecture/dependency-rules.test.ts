import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');

/** A scratch tree with the project's rules, holding only the files a case writes. */
const scratch = mkdtempSync(join(tmpdir(), 'club-bot-deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cruise(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(join(scratch, 'case-'));
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const { stdout } = await run(depcruise, ['src', '--config', '.dependency-cruiser.cjs'], {
      cwd: dir,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

/** A package the manifest lists under devDependencies, installed as the simulator's is. */
const devPackage = {
  'package.json': '{"name":"club-bot","devDependencies":{"openapi-backend":"*"}}',
  'node_modules/openapi-backend/package.json': '{"name":"openapi-backend","main":"index.js"}',
  'node_modules/openapi-backend/index.js': 'exports.OpenAPIBackend = class {};\n',
};

const clubClient = { 'src/club/create-club-client.ts': 'export const client = 1;\n' };
const domain = { 'src/club/domain.ts': 'export type Member = { guid: string };\n' };

/** Files that break a rule, and the rule the check must name. */
const violations: { when: string; files: Record<string, string>; rule: string }[] = [
  {
    when: 'a platform adapter imports the club client',
    files: {
      ...clubClient,
      'src/platforms/slack/app.ts': "export { client } from '../../club/create-club-client.js';\n",
    },
    rule: 'platforms-do-not-call-the-club',
  },
  {
    when: 'domain code imports Bolt',
    files: {
      'src/commands/help.ts': "export { App } from '@slack/bolt';\n",
      'node_modules/@slack/bolt/package.json': '{"name":"@slack/bolt","main":"index.js"}',
      'node_modules/@slack/bolt/index.js': 'exports.App = class {};\n',
    },
    rule: 'domain-is-platform-free',
  },
  {
    when: 'production code imports a devDependency',
    files: {
      ...devPackage,
      'src/club/validate.ts': "export { OpenAPIBackend } from 'openapi-backend';\n",
    },
    rule: 'production-uses-no-dev-dependencies',
  },
  {
    when: 'production code imports the simulator',
    files: {
      'src/simulator/start-simulator.ts': 'export const startSimulator = 1;\n',
      'src/app/club-services.ts':
        "export { startSimulator } from '../simulator/start-simulator.js';\n",
    },
    rule: 'production-does-not-load-the-demo',
  },
  {
    when: 'the kernel imports a command',
    files: {
      'src/commands/help.ts': 'export const help = 1;\n',
      'src/core/reply.ts': "export { help } from '../commands/help.js';\n",
    },
    rule: 'core-stays-the-kernel',
  },
  {
    when: 'the club model imports the kernel',
    files: {
      'src/core/reply.ts': 'export const reply = 1;\n',
      'src/club/time/club-time.ts': "export { reply } from '../../core/reply.js';\n",
    },
    rule: 'club-model-stays-below',
  },
  {
    when: 'a command imports the queue',
    files: {
      'src/jobs/club-queue.ts': 'export const queue = 1;\n',
      'src/commands/session/session.ts': "export { queue } from '../../jobs/club-queue.js';\n",
    },
    rule: 'commands-only-answer',
  },
];

/** Files every rule allows. */
const allowed: { when: string; files: Record<string, string> }[] = [
  {
    when: "a platform adapter imports only the club's domain types",
    files: {
      ...domain,
      'src/platforms/slack/app.ts': "export type { Member } from '../../club/domain.js';\n",
    },
  },
  {
    when: 'the simulator imports a devDependency',
    files: {
      ...devPackage,
      'src/simulator/create-route-table.ts': "export { OpenAPIBackend } from 'openapi-backend';\n",
    },
  },
];

describe('the dependency rules of npm run check', () => {
  const named = <Case extends { when: string }>(cases: Case[]) =>
    cases.map((found) => [found.when, found] as const);

  it.each(named(violations))(
    'when %s, the check fails naming the rule',
    async (_, { files, rule }) => {
      const result = await cruise(files);
      expect(result.ok).toBe(false);
      expect(result.output).toContain(rule);
    },
  );

  it.each(named(allowed))('when %s, the check passes', async (_, { files }) => {
    expect(await cruise(files)).toMatchObject({ ok: true });
  });
});
