import { testDataKey, testSealer } from '../support/data-key.js';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createClubServices } from '../../src/app/club-services.js';
import { loadConfig } from '../../src/config.js';
import { createClubQueue } from '../../src/jobs/club-queue.js';
import { createLogger } from '../../src/log.js';
import { waitFor } from '../support/wait-for.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unusedPort } from '../support/unused-port.js';
import { startFakeSlack } from '../fakes/slack/start-fake-slack.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testRedisUrl } from '../support/redis.js';

const root = new URL('../../', import.meta.url);
const clubToken = 'start-up-token-1c7e';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start` as `node --import tsx src/main.ts`, with only the given variables (and PATH). */
function start(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, output: () => stdout };
}

/** The messages of pino's JSON lines at a level or above (60 fatal, 50 error, 40 warn). */
function messages(stdout: string, level = 40): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= level)
    .map((line) => line.msg);
}

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator({ token: clubToken, members: 40, seed: 5 });
});
afterAll(() => simulator?.stop());

const good = () => ({
  CLUB_API_URL: simulator.url,
  CLUB_API_TOKEN: clubToken,
  // A Redis database of this file's own: other tests' processes use the same default key prefix,
  // and a members list they cached would spare the call that must meet the 401.
  REDIS_URL: `${testRedisUrl()}?db=1`,
  CLUB_API_TIMEOUT_MS: '3000',
  CLUB_DATA_KEY: testDataKey,
  // A port of its own: the ops port opens first, and another test's process may hold 9464.
  OPS_PORT: '0',
});

describe('npm start, when something is wrong, says exactly what and stops with exit code 1', () => {
  it('when several variables are missing or malformed, every one is listed at once', async () => {
    const { exited } = start({
      CLUB_API_URL: 'ftp://club.example.org',
      CLUB_DAILY_LIMIT: '-3',
      CLUB_TIMEZONE: 'Mars/Olympus_Mons',
      LOG_LEVEL: 'chatty',
      PORT: '70000',
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    // CLUB_API_TOKEN is required only once Redis says the registry holds no club.
    expect(stderr).toContain('The configuration has 6 problem(s):');
    for (const expected of [
      'CLUB_API_URL was rejected',
      'CLUB_DAILY_LIMIT was rejected',
      'CLUB_TIMEZONE was rejected',
      'REDIS_URL is required but not set',
      'PORT was rejected',
      'LOG_LEVEL was rejected',
    ]) {
      expect(stderr).toContain(expected);
    }
    // Each names what it expects, from the schema's description.
    expect(stderr).toContain('Expected: Redis for the queue, the budget and the cache.');
    expect(stderr).not.toMatch(/ZodError|\n\s+at /);
  });

  it('when --role is not bot, worker or all, it says so', async () => {
    const { code, stderr } = await start(good(), ['--role', 'chef']).exited;
    expect(code).toBe(1);
    expect(stderr).toContain('--role must be bot, worker or all (got "chef")');
  });

  it('when the access policy file has problems, each is listed', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'policy-')), 'access-policy.yaml');
    writeFileSync(
      path,
      'commands:\n  sesion: [coach]\ngrant:\n  - { user: U1, roles: [wizard] }\n',
    );
    const { code, stdout } = await start({ ...good(), ACCESS_POLICY: path }).exited;
    expect(code).toBe(1);
    const [fatal] = messages(stdout, 60);
    expect(fatal).toContain(`The access policy ${path} has 2 problem(s)`);
    expect(fatal).toContain('commands.sesion: no such command');
    expect(fatal).toContain('grant.0.roles.0');
  });

  it('when Redis does not answer at REDIS_URL, it says so and what to do', async () => {
    const deadSocket = join(mkdtempSync(join(tmpdir(), 'no-redis-')), 'redis.sock');
    const started = performance.now();
    const { code, stdout } = await start({ ...good(), REDIS_URL: deadSocket }).exited;
    expect(code).toBe(1);
    expect(messages(stdout, 60)).toEqual([
      'Redis does not answer at REDIS_URL within 5 s. Start Redis (with appendonly yes and maxmemory-policy noeviction) or correct REDIS_URL.',
    ]);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('when the club service rejects the token (401), it names the club details page and CLUB_API_TOKEN', async () => {
    const { code, stdout } = await start({ ...good(), CLUB_API_TOKEN: 'a-revoked-token' }, [
      '--role',
      'worker',
    ]).exited;
    expect(code).toBe(1);
    const [fatal] = messages(stdout, 60);
    expect(fatal).toContain('The club service rejected the API token (401)');
    expect(fatal).toContain('club details page');
    expect(fatal).toContain('set CLUB_API_TOKEN');
    expect(stdout).not.toContain('a-revoked-token');
  });

  it('when it runs in production (NODE_ENV=production) on a Redis that keeps nothing on disk, it refuses before taking work', async () => {
    // The test Redis keeps nothing (no AOF, no RDB saves).
    const { code, stdout } = await start({ ...good(), NODE_ENV: 'production' }, [
      '--role',
      'worker',
    ]).exited;
    expect(code).toBe(1);
    expect(messages(stdout, 60)).toEqual([
      expect.stringMatching(/^Redis keeps nothing on disk .*appendonly yes/) as string,
    ]);
    expect(stdout).not.toContain('club bot started');
  });

  it('when the token is revoked after the cache was warmed (the usual case after a reset), it still refuses to start', async () => {
    const warm = createClubServices({
      config: loadConfig(good()),
      logger: createLogger({ level: 'silent' }),
      prefix: 'club-bot',
    });
    try {
      await Promise.all([warm.data.members(), warm.data.roles()]);
    } finally {
      await warm.close();
    }
    const { code, stdout } = await start({ ...good(), CLUB_API_TOKEN: 'a-revoked-token' }, [
      '--role',
      'worker',
    ]).exited;
    expect(code).toBe(1);
    expect(messages(stdout, 60)[0]).toContain('The club service rejected the API token (401)');
  });
});

/** Resolves the first log line whose message starts with `message`, parsed. */
function lineOf<T>(bot: ReturnType<typeof start>, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const find = () =>
      bot
        .output()
        .split('\n')
        .find((text) => text.includes(`"msg":"${message}`));
    const deadline = setTimeout(
      () => reject(new Error(`no "${message}" line:\n${bot.output()}`)),
      20_000,
    );
    const look = () => {
      const line = find();
      if (!line) return;
      clearTimeout(deadline);
      bot.child.stdout.off('data', look);
      resolve(JSON.parse(line) as T);
    };
    bot.child.stdout.on('data', look);
    look();
  });
}

describe('npm start, when everything answers', () => {
  it('serves /livez, /readyz and /metrics on OPS_PORT only (nothing listens on PORT without Slack), and stops cleanly on SIGTERM', async () => {
    const port = await unusedPort();
    const bot = start({ ...good(), PORT: String(port) });
    try {
      const { opsPort } = await lineOf<{ opsPort: number }>(bot, 'ops port: ');
      await lineOf(bot, 'club bot started');
      const ops = `http://127.0.0.1:${opsPort}`;
      expect((await fetch(`${ops}/livez`)).status).toBe(200);
      // The worker's first beat may come a moment after the start line.
      const ready = await waitFor(async () => {
        const answer = await fetch(`${ops}/readyz`);
        return answer.status === 200 && answer;
      }, 'a ready report');
      const body = (await ready.json()) as { parts: Record<string, unknown> };
      expect(body).toMatchObject({
        ready: true,
        parts: { redis: { ok: true }, worker: { ok: true }, clubs: { ok: true } },
      });
      expect(Object.keys(body.parts)).not.toContain('startUp');
      expect(await (await fetch(`${ops}/metrics`)).text()).toContain(
        '# TYPE clubbot_club_calls_total counter',
      );
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
      // Neither platform is configured: it says so, and serves the ops port only.
      expect(messages(bot.output(), 40).join('\n')).toContain(
        'Neither Slack (SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) nor Discord',
      );
    } finally {
      bot.child.kill('SIGTERM');
    }
    const { code, stdout } = await bot.exited;
    expect(code).toBe(0);
    expect(stdout).toContain('"msg":"shutting down"');
  }, 40_000);

  it('while its parts start (here: a club service slow to answer), the ops port is live but not ready', async () => {
    // A database of its own (no other file uses 5) with no members cached: the start must ask.
    const fresh = `${testRedisUrl()}?db=5`;
    const redis = new Redis(fresh);
    await redis.flushdb();
    redis.disconnect();
    simulator.admin.setFaults({ hangRate: 1 });
    const bot = start({ ...good(), REDIS_URL: fresh }, ['--role', 'worker']);
    try {
      const { opsPort } = await lineOf<{ opsPort: number }>(bot, 'ops port: ');
      const ops = `http://127.0.0.1:${opsPort}`;
      expect((await fetch(`${ops}/livez`)).status).toBe(200);
      const starting = await fetch(`${ops}/readyz`);
      expect(starting.status).toBe(503);
      expect(await starting.json()).toMatchObject({
        ready: false,
        parts: { startUp: { ok: false, detail: 'still starting' } },
      });
      simulator.admin.setFaults({ hangRate: 0 });
      await lineOf(bot, 'club bot started');
      const started = (await (await fetch(`${ops}/readyz`)).json()) as { parts: object };
      expect(Object.keys(started.parts)).not.toContain('startUp');
    } finally {
      simulator.admin.setFaults({ hangRate: 0 });
      bot.child.kill('SIGTERM');
    }
    expect((await bot.exited).code).toBe(0);
  }, 40_000);

  it('from SIGTERM, while it finishes an active job, /readyz is 503 saying so; then it exits 0', async () => {
    // A database of its own (no other file uses 7): only this test's job is in its queue.
    const url = `${testRedisUrl()}?db=7`;
    const redis = new Redis(url, { maxRetriesPerRequest: null });
    await redis.flushdb();
    const queue = createClubQueue({ connection: redis, sealer: testSealer });
    const bot = start({ ...good(), REDIS_URL: url }, ['--role', 'worker']);
    let signalled = false;
    try {
      const { opsPort } = await lineOf<{ opsPort: number }>(bot, 'ops port: ');
      await lineOf(bot, 'club bot started');
      // /events is not read at start, so its call meets the hang and the job stays active.
      simulator.admin.setFaults({ hangRate: 1 });
      const id = randomUUID();
      await queue.enqueueCommand({
        id,
        command: 'events',
        options: {},
        user: { platform: 'console', userId: 'shutdown-test' },
        replyTo: { platform: 'console', conversationId: id },
        receivedAt: Date.now(),
      });
      // As the bot role's dispatcher does after queueing: the worker pool's doorbell.
      await redis.lpush('club-bot:{doorbell}:jobs', 'environment');
      await waitFor(async () => (await queue.queue.getActiveCount()) === 1, 'the job to start');
      signalled = bot.child.kill('SIGTERM');
      await waitFor(async () => {
        const answer = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
        const body = (await answer.json()) as { parts: { shutdown?: { detail: string } } };
        return answer.status === 503 && body.parts.shutdown?.detail === 'shutting down';
      }, '/readyz to say it is shutting down');
    } finally {
      simulator.admin.setFaults({ hangRate: 0 });
      // A second SIGTERM exits at once with 1: send one only if the test did not get to it.
      if (!signalled) bot.child.kill('SIGTERM');
      await queue.close();
      redis.disconnect();
    }
    expect((await bot.exited).code).toBe(0);
  }, 40_000);

  it('when Slack’s PORT is taken, it says so in one line and stops with exit code 1, no stack trace', async () => {
    const slack = await startFakeSlack();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stdout, stderr } = await start(
        {
          ...good(),
          SLACK_BOT_TOKEN: 'xoxb-start-up',
          SLACK_SIGNING_SECRET: 'start-up-secret',
          SLACK_API_URL: slack.apiUrl,
          PORT: String(port),
        },
        ['--role', 'bot'],
      ).exited;
      expect(code).toBe(1);
      expect(messages(stdout, 60)).toEqual([
        `PORT ${port} is taken on ::: another program, or another bot process on this host, listens there. Stop it, or set PORT to a free port.`,
      ]);
      expect(stderr).not.toContain('EADDRINUSE');
    } finally {
      taken.close();
      await slack.close();
    }
  });

  it('when OPS_PORT is taken, it stops with exit code 1 before calling the club service or taking a job', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const callsBefore = simulator.admin.calls().total;
    try {
      const { code, stdout } = await start({ ...good(), OPS_PORT: String(port) }, [
        '--role',
        'worker',
      ]).exited;
      expect(code).toBe(1);
      expect(messages(stdout, 60)).toEqual([
        `OPS_PORT ${port} is taken on 127.0.0.1, most likely by another role of the bot on this host: give each process its own OPS_PORT.`,
      ]);
      expect(stdout).not.toContain('"msg":"worker');
      expect(simulator.admin.calls().total).toBe(callsBefore);
    } finally {
      taken.close();
    }
  });
});
