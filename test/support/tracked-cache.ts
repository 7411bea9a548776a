import { testSealer } from './data-key.js';
import { afterAll, expect, vi } from 'vitest';
import { createKeyTracking, type KeyTracking } from '../../src/cache/key-tracking.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import { connectionsClosedAfterAll } from './redis.js';

/**
 * For a test file on caches held in memory: `trackedCache(prefix)` gives a process's read cache
 * with change notices (once they arrive) and a count of its reads from Redis; connections and
 * tracking are closed after the file's tests. `connect()` opens a plain connection, e.g. for
 * another process.
 */
export function trackedCaches() {
  const connect = connectionsClosedAfterAll();
  const trackers: KeyTracking[] = [];
  afterAll(async () => {
    await Promise.all(trackers.map((tracking) => tracking.close()));
  });
  async function trackedCache(prefix: string) {
    const redis = connect();
    const tracking = createKeyTracking(redis, [`${prefix}:cache:`, `${prefix}:links:`]);
    trackers.push(tracking);
    await vi.waitFor(() => expect(tracking.live()).toBe(true));
    const reads = vi.spyOn(redis, 'evalsha');
    const cache = createReadCache({ redis, prefix, tracking, sealer: testSealer });
    return { redis, tracking, cache, reads };
  }
  return { connect, trackedCache };
}
