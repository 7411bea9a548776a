import { testDataKey } from './data-key.js';
import type { TestProject } from 'vitest/node';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private Redis of this test run (a unix socket path). */
    redisUrl: string;
  }
}

/** Starts one private redis-server for the whole run; tests keep apart by key prefix. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startPrivateRedis();
  project.provide('redisUrl', redis.url);
  // Child processes started by tests (workers, the demo) find it, and the data key, here too.
  process.env.TEST_REDIS_URL = redis.url;
  process.env.CLUB_DATA_KEY ??= testDataKey;
  return () => redis.stop();
}
