import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsClubs, RedisUnreachableError } from '../../src/hosting/hosting-mode.js';
import { testRedisUrl } from '../support/redis.js';

describe('whether a deployment hosts clubs from the registry', () => {
  it('when no Redis is named, it does not: the environment describes the one club', async () => {
    expect(await hostsClubs({})).toBe(false);
  });

  it('when Redis answers and holds no registry, it does not', async () => {
    // The suite's Redis holds registries only under roots of their own, never the default one.
    expect(await hostsClubs({ REDIS_URL: testRedisUrl() })).toBe(false);
  });

  it('when the Redis named does not answer, it says so instead of guessing a single club', async () => {
    const deadSocket = join(mkdtempSync(join(tmpdir(), 'no-redis-')), 'redis.sock');
    await expect(hostsClubs({ REDIS_URL: deadSocket })).rejects.toBeInstanceOf(
      RedisUnreachableError,
    );
  });
});
