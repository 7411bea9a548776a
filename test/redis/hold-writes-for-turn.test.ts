import type { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdWritesForTurn } from '../../src/redis/hold-writes-for-turn.js';
import { connectTestRedis, testRedisUrl, uniquePrefix } from '../support/redis.js';

let redis: Redis;
beforeAll(async () => {
  redis = connectTestRedis();
  await redis.ping();
});
afterAll(async () => {
  await redis.quit();
});

/** Counts the system-call-level writes made on `redis`'s socket from now on. */
function countWrites(socket: Socket): () => number {
  let writes = 0;
  const counted = socket as Socket & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  const write = counted._write.bind(counted);
  const writev = counted._writev.bind(counted);
  counted._write = (...args) => {
    writes += 1;
    write(...args);
  };
  counted._writev = (...args) => {
    writes += 1;
    writev(...args);
  };
  return () => writes;
}

describe('holding the writes of a turn', () => {
  it('sends the commands of one turn in one write, in the order they were sent', async () => {
    const key = `${uniquePrefix('held')}:n`;
    const writes = countWrites(redis.stream);
    holdWritesForTurn(redis);
    const replies = Promise.all([redis.set(key, '1'), redis.incr(key), redis.get(key)]);
    expect(writes()).toBe(0);
    expect(await replies).toEqual(['OK', 2, '2']);
    expect(writes()).toBe(1);
  });

  it('holds once however often it is asked in a turn, and lets go at its end', async () => {
    holdWritesForTurn(redis);
    holdWritesForTurn(redis);
    expect(redis.stream.writableCorked).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(redis.stream.writableCorked).toBe(0);
    expect(await redis.ping()).toBe('PONG');
  });

  it('does nothing to a connection that has no socket yet', async () => {
    const lazy = new Redis(testRedisUrl(), { lazyConnect: true });
    expect(() => holdWritesForTurn(lazy)).not.toThrow();
    lazy.disconnect();
  });
});
