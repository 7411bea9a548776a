import { afterAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { createAskerPeek } from '../../src/access/peek-asker.js';
import { createReadCache, type ReadCache } from '../../src/cache/read-cache.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

/** A real read cache whose peeks are counted. */
function countedCache(): { cache: ReadCache; peeks: () => number } {
  const cache = createReadCache({ redis, prefix: uniquePrefix('peek') });
  let peeks = 0;
  return {
    cache: {
      ...cache,
      peek: (key) => {
        peeks += 1;
        return cache.peek(key);
      },
    },
    peeks: () => peeks,
  };
}

describe("deciding who asks from the cache's members and roles", () => {
  const club = memoryClubData();
  const coach = club.members.find((m) => m.active && m.isCoach && m.email)!;
  const user = { platform: 'slack' as const, userId: 'U-COACH', email: coach.email };

  it('when commands come within a second of each other, members and roles are read from Redis once', async () => {
    const { cache, peeks } = countedCache();
    await cache.read('members', async () => club.members);
    await cache.read('roles', async () => club.roles);
    let clock = 1_000_000;
    const peek = createAskerPeek({ cache, policy: defaultAccessPolicy, now: () => clock });
    const askers = await Promise.all([peek(user), peek(user), peek(user)]);
    clock += 999;
    askers.push(await peek(user));
    expect(askers.map((asker) => asker?.memberGuid)).toEqual(Array(4).fill(coach.guid));
    expect(peeks()).toBe(2);
    clock += 1;
    await peek(user);
    expect(peeks()).toBe(4);
  });

  it('when the cache is still cold, the next command looks again and finds it filled', async () => {
    const { cache } = countedCache();
    const peek = createAskerPeek({ cache, policy: defaultAccessPolicy, now: () => 0 });
    expect(await peek(user)).toBeUndefined();
    await cache.read('members', async () => club.members);
    await cache.read('roles', async () => club.roles);
    expect((await peek(user))?.memberGuid).toBe(coach.guid);
  });
});
