import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryClubCount, RedisUnreachableError } from '../../src/hosting/registry-club-count.js';
import { testRedisUrl } from '../support/redis.js';

describe('how many clubs the registry holds, which decides whether the environment describes the club', () => {
  it('when Redis answers and holds no registry, none: the environment describes the one club', async () => {
    // The suite's Redis holds registries only under roots of their own, never the default one.
    expect(await registryClubCount({ REDIS_URL: testRedisUrl() })).toBe(0);
  });

  it('when the Redis named does not answer, it says so instead of guessing a single club', async () => {
    const deadSocket = join(mkdtempSync(join(tmpdir(), 'no-redis-')), 'redis.sock');
    await expect(registryClubCount({ REDIS_URL: deadSocket })).rejects.toBeInstanceOf(
      RedisUnreachableError,
    );
  });
});
