import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClubDirectory } from '../../src/hosting/club-directory.js';
import { defaultRoot } from '../../src/redis/club-keys.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import { loadProcessConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { migrateData } from '../../src/redis/data-format.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { testRedisUrl } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

const root = new URL('../..', import.meta.url);
// A Redis database of this file's own: the registry's keys are the deployment's, at their
// default root, and every other `npm start` under test would take them for a hosting deployment.
const redisUrl = () => `${testRedisUrl()}?db=2`;
let simulator: RunningSimulator;
let redis: Redis;

beforeAll(async () => {
  simulator = await startSimulator({ token: 'hosted-start-token', members: 30 });
  redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
  await redis.flushdb();
  // As `club-bot club add` does: the data format's marker is written before the first record.
  await migrateData(redis, testSealer, { mode: 'hosting', root: defaultRoot });
  await createClubRegistry(redis, testSealer).add({
    id: 'lone',
    name: 'Lone Swimmers',
    apiUrl: simulator.url,
    layout: 'spec',
    token: 'hosted-start-token',
    dailyLimit: 5000,
    timezone: 'Europe/London',
    slackTeams: [],
    discordGuilds: [],
  });
});
afterAll(async () => {
  await redis.flushdb();
  await redis.quit();
  await simulator.stop();
});

describe('npm start with clubs in the registry', () => {
  it('when the registry holds a club, it hosts it: live and ready on the ops port, and its jobs are done by the pool', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REDIS_URL: redisUrl(),
        CLUB_DATA_KEY: testDataKey,
        CLUB_TIMEZONE: 'Europe/Paris',
        PORT: '0',
        OPS_PORT: '0',
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      const port = await waitFor(
        () => /"opsPort":(\d+),.*"msg":"ops port: /.exec(stdout)?.[1],
        'the ops port',
        15_000,
      );
      expect(stdout).toContain('"clubs":1,"msg":"hosting the clubs of the registry"');
      expect(stdout).toContain('these variables are ignored');
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      const ready = await waitFor(async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
        return answer.status === 200 && answer;
      }, 'a ready report');
      expect(await ready.json()).toMatchObject({
        ready: true,
        parts: { redis: { ok: true }, worker: { ok: true }, clubs: { ok: true } },
      });

      // A command put in the club's queue, as its dispatcher would: the process's pool runs it.
      const directory = await openClubDirectory({
        registry: createClubRegistry(redis, testSealer),
        config: loadProcessConfig({ REDIS_URL: redisUrl(), CLUB_DATA_KEY: testDataKey }),
        connections: { redis, queueConnection: redis },
        logger: createLogger({ level: 'silent' }),
        jobsBell: { ring: async (id) => void (await redis.lpush('club-bot:{doorbell}:jobs', id)) },
      });
      const club = directory.club('lone')!;
      await club.queue.enqueueCommand({
        id: 'hosted-start-1',
        command: 'sessions',
        options: {},
        user: { platform: 'console', userId: 'someone' },
        replyTo: { platform: 'console', conversationId: 'hosted-start-1' },
        receivedAt: Date.now(),
      });
      await waitFor(
        async () => (await club.queue.queue.getJobCounts('completed')).completed === 1,
        'the job to be done',
        15_000,
      );
      await directory.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
