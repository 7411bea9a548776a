import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';
import { connectTestRedis } from '../support/redis.js';

describe('the private redis-server', () => {
  it('when the test run starts, its Redis answers', async () => {
    const redis = connectTestRedis();
    expect(await redis.ping()).toBe('PONG');
    await redis.quit();
  });

  it('when started and stopped, it serves on a socket with noeviction and then goes away', async () => {
    const server = await startPrivateRedis();
    const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
    expect(await redis.config('GET', 'maxmemory-policy')).toEqual([
      'maxmemory-policy',
      'noeviction',
    ]);
    await redis.quit();
    await server.stop();
    const gone = new Redis(server.url, {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    gone.on('error', () => {});
    await expect(gone.connect()).rejects.toThrow();
    gone.disconnect();
  });
});
