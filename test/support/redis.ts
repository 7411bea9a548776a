import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, inject } from 'vitest';

/** The private Redis of this test run. */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A fresh connection to the test Redis; close it in `afterEach`/`afterAll`. */
export function connectTestRedis(): Redis {
  return new Redis(testRedisUrl(), { maxRetriesPerRequest: null, lazyConnect: false });
}

/**
 * For a test file that opens many connections: `connect()` opens one to the test Redis, and all
 * are closed after the file's tests.
 */
export function connectionsClosedAfterAll(): () => Redis {
  const connections: Redis[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });
  return () => {
    const redis = connectTestRedis();
    connections.push(redis);
    return redis;
  };
}

/** A key prefix no other test uses, so tests can share one Redis. */
export function uniquePrefix(name = 'test'): string {
  return `${name}-${randomUUID().slice(0, 8)}`;
}
