import { anyKey } from '../support/any-cache-key.js';
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache } from '../../src/cache/read-cache.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { currentDataFormat } from '../../src/redis/data-format.js';
import { writeDataFormat } from '../../src/redis/data-format-marker.js';
import type { SealedScope } from '../../src/redis/sealed-values.js';
import { createSealer, newDataKey } from '../../src/redis/sealer.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { testRedisUrl } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

const root = new URL('../../', import.meta.url);
const scope: SealedScope = { mode: 'single', prefix: 'club-bot' };
const clubToken = 'sealed-start-token-5d2a';
let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator({ token: clubToken, members: 20, seed: 9 });
});
afterAll(() => simulator?.stop());

/** `npm start` on a database of this file's own (no other file uses 11 to 13), flushed first. */
async function startOn(db: number, fill: (redis: Redis) => Promise<void>) {
  const url = `${testRedisUrl()}?db=${db}`;
  const redis = new Redis(url);
  await redis.flushdb();
  await fill(redis);
  redis.disconnect();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CLUB_API_URL: simulator.url,
      CLUB_API_TOKEN: clubToken,
      REDIS_URL: url,
      CLUB_DATA_KEY: testDataKey,
      OPS_PORT: '0',
    },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => stdout };
}

describe('npm start, with the sealed values in Redis', () => {
  it('when CLUB_DATA_KEY is not the key of a warm cache, it refuses to start, naming the variable', async () => {
    const bot = await startOn(11, async (redis) => {
      const other = createSealer(newDataKey());
      const cache = createReadCache({ redis, sealer: other, prefix: 'club-bot' });
      await cache.read(anyKey('members'), () => Promise.resolve([{ Guid: 'm-1' }]));
      await cache.read(anyKey('roles'), () => Promise.resolve([]));
    });
    expect(await bot.exited).toBe(1);
    const fatal = bot
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":60'));
    expect(fatal.join('\n')).toMatch(/CLUB_DATA_KEY opens none of the 2 sealed values sampled/);
  }, 30_000);

  it('when some values do not open, it starts, logs the count per kind, and /readyz says so', async () => {
    const bot = await startOn(12, async (redis) => {
      // As a process before this one did at its start.
      await writeDataFormat(redis, testSealer, scope, currentDataFormat);
      const store = createSubscriptionStore(redis, 'club-bot', testSealer);
      await store.remember({ platform: 'discord', userId: '100' });
      const foreign = createSubscriptionStore(redis, 'club-bot', createSealer(newDataKey()));
      await foreign.remember({ platform: 'discord', userId: '200' });
    });
    try {
      await waitFor(() => bot.output().includes('club bot started'), 'the start');
      const opsPort = /"opsPort":(\d+)/.exec(bot.output())?.[1];
      const ready = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
      const body = (await ready.json()) as { parts: Record<string, { detail: string }> };
      expect(ready.status).toBe(200);
      expect(body.parts.sealedData?.detail).toMatch(
        /no key in CLUB_DATA_KEY opens: 1 digest-people/,
      );
      expect(bot.output()).toMatch(/"unopenable":\{"digest-people":1\}/);
    } finally {
      bot.child.kill('SIGTERM');
    }
    expect(await bot.exited).toBe(0);
  }, 30_000);

  it('when the data format marker was deleted and a clear member link planted, it refuses to start and says why, sealing nothing', async () => {
    const bot = await startOn(13, async (redis) => {
      await createSubscriptionStore(redis, 'club-bot', testSealer).remember({
        platform: 'discord',
        userId: '100',
      });
      await redis.hset('club-bot:links:discord', '666', 'WELFARE-GUID');
    });
    expect(await bot.exited).toBe(1);
    const fatal = bot
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":60'));
    expect(fatal.join('\n')).toMatch(
      /club-bot:data-format \(the data format's marker\) is missing or does not open/,
    );
    const redis = new Redis(`${testRedisUrl()}?db=13`);
    expect(await redis.hget('club-bot:links:discord', '666')).toBe('WELFARE-GUID');
    redis.disconnect();
  }, 30_000);
});
