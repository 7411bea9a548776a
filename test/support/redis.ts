import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';

/** The private Redis of this test run. */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A fresh connection to the test Redis; close it in `afterEach`/`afterAll`. */
export function connectTestRedis(): Redis {
  return new Redis(testRedisUrl(), { maxRetriesPerRequest: null, lazyConnect: false });
}

/** A key prefix no other test uses, so tests can share one Redis. */
export function uniquePrefix(name = 'test'): string {
  return `${name}-${randomUUID().slice(0, 8)}`;
}
