import { testDataKey } from '../support/data-key.js';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
let scratch: string;
/** The image's /app: what the Dockerfile's runtime stage holds, laid out the same way. */
let app: string;
const children: ChildProcess[] = [];

/**
 * Builds as the image's build stage does (`tsc -p tsconfig.build.json`) and lays out what its
 * demo stage holds: package files, dist/, openapi/club-service.yaml and every module (here the
 * repository's, linked); the runtime stage is the same less the OpenAPI document and the
 * development modules. No Docker engine is needed to see the commands the image and
 * docker-compose.yml run actually start from dist/.
 */
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'club-bot-image-'));
  app = join(scratch, 'app');
  mkdirSync(join(app, 'openapi'), { recursive: true });
  await run(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      join(app, 'dist'),
    ],
    { cwd: root },
  );
  for (const file of ['package.json', 'package-lock.json', 'openapi/club-service.yaml'])
    copyFileSync(join(root, file), join(app, file));
  symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
}, 180_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Starts `node <args>` in the image's /app and resolves with the first stdout line matching. */
function startIn(args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, args, {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
  });
  children.push(child);
  let output = '';
  const line = new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 30_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.split('\n').find((text) => ready.test(text));
      if (found) {
        clearTimeout(deadline);
        resolve(found);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', () => reject(new Error(`exited before it was ready:\n${output}`)));
  });
  return { child, line };
}

describe('the built dist/, laid out as in the image', () => {
  it('when the demo profile runs the simulator from dist/, it finds openapi/club-service.yaml and answers', async () => {
    const simulator = startIn(
      ['dist/simulator/cli.js', '--host', '127.0.0.1', '--port', '0', '--token', 'image-token'],
      {},
      /listening on/,
    );
    const url = /listening on (http:\/\/\S+)/.exec(await simulator.line)?.[1];
    const response = await fetch(`${url}/api/Meets`, {
      headers: { 'Authorization-Token': 'image-token' },
    });
    expect(response.status).toBe(200);
    simulator.child.kill('SIGTERM');
  });

  it('when dist/main.js starts as compose starts it, against a simulator from dist/, /livez and /readyz are 200 on the ops port', async () => {
    const simulator = startIn(
      ['dist/simulator/cli.js', '--port', '0', '--token', 'image-token', '--members', '40'],
      {},
      /listening on/,
    );
    const clubUrl = /listening on (http:\/\/\S+)/.exec(await simulator.line)?.[1] ?? '';
    // In production (NODE_ENV=production) the bot refuses a Redis that keeps nothing on disk, so
    // this one keeps an append-only file, as compose's does.
    const redis = await startPrivateRedis({ appendOnly: true });
    const bot = startIn(
      ['dist/main.js', '--role', 'all'],
      {
        CLUB_API_URL: clubUrl,
        CLUB_API_TOKEN: 'image-token',
        REDIS_URL: redis.url,
        CLUB_DATA_KEY: testDataKey,
        PORT: '0',
        OPS_PORT: '0',
      },
      /"msg":"ops port: /,
    );
    const { opsPort } = JSON.parse(await bot.line) as { opsPort: number };
    expect((await fetch(`http://127.0.0.1:${opsPort}/livez`)).status).toBe(200);
    const ready = await waitFor(async () => {
      const answer = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
      return answer.status === 200 && answer;
    }, 'a ready report');
    expect(ready.status).toBe(200);
    bot.child.kill('SIGTERM');
    simulator.child.kill('SIGTERM');
    await new Promise((resolve) => bot.child.once('exit', resolve));
    await redis.stop();
  }, 60_000);

  it('when an operator runs the Slack manifest script from the image, it prints the manifest', async () => {
    const { stdout } = await run(
      process.execPath,
      ['dist/platforms/slack/print-manifest.js', '--url', 'https://club-bot.example.org'],
      { cwd: app },
    );
    const manifest = JSON.parse(stdout) as { settings: { interactivity: { request_url: string } } };
    expect(manifest.settings.interactivity.request_url).toBe(
      'https://club-bot.example.org/slack/events',
    );
  });
});
