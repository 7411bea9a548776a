import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../../src/cli/admin-commands.js';
import { testDataKey } from '../support/data-key.js';
import { testRedisUrl } from '../support/redis.js';
import { runToExit } from '../support/run-to-exit.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
let scratch: string;
/** The bot's folder after the documented install: build, then `npm prune --omit=dev`. */
let app: string;

/*
 * The no-Docker production install of docs/operations.md, in a copy: `tsc` into dist/, the
 * package files, node_modules hard-linked from the repository's (fast, and pruning a copy unlinks
 * only the copy's entries), then `npm prune --omit=dev`. Every `club-bot` command must run there.
 */
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'club-bot-install-'));
  app = join(scratch, 'app');
  mkdirSync(app);
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(app, 'dist')], {
    cwd: root,
  });
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(join(root, file), join(app, file));
  await run('cp', ['-al', join(root, 'node_modules'), join(app, 'node_modules')]);
  await run(
    'npm',
    ['prune', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
    {
      cwd: app,
    },
  );
}, 240_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `npx club-bot <args>` in the pruned folder, with only PATH and `env`. */
function clubBot(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return runToExit('npx', ['--offline', 'club-bot', ...args], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
  });
}

describe('club-bot after the documented production install (development dependencies pruned)', () => {
  it('when the install is pruned, tsx and the other development tools are gone', () => {
    expect(existsSync(join(app, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/vitest'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/bullmq'))).toBe(true);
  });

  it('when an operator asks club-bot --help, every command of the table is listed', async () => {
    const help = await clubBot(['--help']);
    expect(help.code).toBe(0);
    for (const { name } of adminCommands) expect(help.out).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('when each command is asked for --help, it loads on production modules and shows its usage', async () => {
    const answers = await Promise.all(adminCommands.map(({ name }) => clubBot([name, '--help'])));
    adminCommands.forEach(({ name }, index) => {
      expect(answers[index], name).toMatchObject({ code: 0 });
      expect(answers[index]?.out, name).toContain(`Usage: club-bot ${name}`);
    });
  });

  it('when an operator runs the harmless forms, setup-key prints a key and jobs lists no failed jobs', async () => {
    const [key, jobs, unknown] = await Promise.all([
      clubBot(['setup-key']),
      clubBot(['jobs', 'failed'], {
        // A database of this file's own: nothing else keeps jobs there.
        REDIS_URL: `${testRedisUrl()}?db=8`,
        CLUB_API_URL: 'http://127.0.0.1:9',
        CLUB_API_TOKEN: 'install-token',
        CLUB_DATA_KEY: testDataKey,
      }),
      clubBot(['jobz']),
    ]);
    expect(key.code).toBe(0);
    // The key on its own first line (how to rotate to it follows, on stderr).
    expect(Buffer.from(key.out.split('\n')[0] ?? '', 'base64')).toHaveLength(32);
    expect(jobs).toEqual({ code: 0, out: 'No failed jobs.\n' });
    expect(unknown.code).toBe(2);
    expect(unknown.out).toMatch(/^club-bot: unknown command "jobz"\nUsage: club-bot <command>/);
  });
});
