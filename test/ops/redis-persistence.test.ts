import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { checkRedisPersistence, redisPersistence } from '../../src/ops/redis-persistence.js';
import { startPrivateRedis, type PrivateRedis } from '../../src/redis/private-redis-server.js';

let withAof: PrivateRedis;
let withNothing: PrivateRedis;
const connections: Redis[] = [];
const connect = (server: PrivateRedis) => {
  const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
};

beforeAll(async () => {
  [withAof, withNothing] = await Promise.all([
    startPrivateRedis({ appendOnly: true }),
    startPrivateRedis(),
  ]);
});
afterAll(async () => {
  await Promise.all(connections.map((redis) => redis.quit()));
  await Promise.all([withAof.stop(), withNothing.stop()]);
});

/** The check's verdict and what it logged (level and message), in or out of production. */
async function check(redis: Redis, production: boolean) {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger(
    { level: 'info' },
    {
      write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
    },
  );
  const starts = await checkRedisPersistence(redis, { production, logger });
  return { starts, lines: lines.map(({ level, msg }) => ({ level, msg })) };
}

describe('the start checks that Redis keeps its data', () => {
  it('when Redis keeps an append-only file, it starts and says nothing', async () => {
    const redis = connect(withAof);
    expect(await redisPersistence(redis)).toEqual({ kind: 'aof' });
    expect(await check(redis, true)).toEqual({ starts: true, lines: [] });
  });

  it('when Redis keeps nothing on disk, production refuses to start and elsewhere it warns, saying what to set', async () => {
    const redis = connect(withNothing);
    expect(await redisPersistence(redis)).toEqual({ kind: 'none' });
    const production = await check(redis, true);
    expect(production.starts).toBe(false);
    expect(production.lines).toEqual([
      { level: 60, msg: expect.stringContaining('Redis keeps nothing on disk') as string },
    ]);
    expect(production.lines[0]?.msg).toContain('appendonly yes');
    const elsewhere = await check(redis, false);
    expect(elsewhere.starts).toBe(true);
    expect(elsewhere.lines).toEqual([production.lines[0] && { ...production.lines[0], level: 40 }]);
  });

  it('when Redis keeps RDB snapshots only, it starts with a warning; when CONFIG is refused, it says it could not check', async () => {
    const redis = connect(withNothing);
    await redis.config('SET', 'save', '3600 1');
    try {
      expect(await redisPersistence(redis)).toEqual({ kind: 'rdb-only', save: '3600 1' });
      expect(await check(redis, true)).toEqual({
        starts: true,
        lines: [{ level: 40, msg: expect.stringContaining('RDB snapshots only') as string }],
      });
    } finally {
      await redis.config('SET', 'save', '');
    }
    // As managed Redis does: CONFIG is not allowed to the bot's user.
    await redis.call('ACL', 'SETUSER', 'default', '-config');
    expect(await redisPersistence(redis)).toMatchObject({ kind: 'unknown' });
    expect(await check(redis, true)).toEqual({
      starts: true,
      lines: [
        {
          level: 40,
          msg: expect.stringContaining('could not check that Redis persists') as string,
        },
      ],
    });
  });
});
