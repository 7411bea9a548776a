import { collectionKeys } from '../../src/cache/collection-schemas.js';
import { testSealer } from '../support/data-key.js';
import { describe, expect, it, vi } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { createAskerPeek } from '../../src/access/asker.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { uniquePrefix } from '../support/redis.js';
import { trackedCaches } from '../support/tracked-cache.js';

const { connect, trackedCache } = trackedCaches();

describe("deciding who asks from the cache's members and roles", () => {
  const club = memoryClubData();
  const coach = club.members.find((m) => m.active && m.isCoach && m.email)!;
  const user = { platform: 'slack' as const, userId: 'U-COACH', email: coach.email };

  it('when the cache holds members and roles in memory, commands read nothing from Redis', async () => {
    const { cache, reads } = await trackedCache(uniquePrefix('peek'));
    await cache.read(collectionKeys.members, async () => club.members);
    await cache.read(collectionKeys.roles, async () => club.roles);
    const peek = createAskerPeek({ cache, policy: defaultAccessPolicy });
    // The notices of the cache's own writes drop its first copies; the next reads are held.
    await vi.waitFor(async () => {
      const before = reads.mock.calls.length;
      await peek(user);
      expect(reads.mock.calls.length).toBe(before);
    });
    const held = reads.mock.calls.length;
    const askers = await Promise.all([peek(user), peek(user), peek(user)]);
    expect(askers.map((asker) => asker?.memberGuid)).toEqual(Array(3).fill(coach.guid));
    expect(reads.mock.calls.length).toBe(held);
  });

  it('when another process changes the members, the next command sees it as soon as Redis tells', async () => {
    const prefix = uniquePrefix('peek');
    const { cache } = await trackedCache(prefix);
    await cache.read(collectionKeys.members, async () => club.members);
    await cache.read(collectionKeys.roles, async () => club.roles);
    const peek = createAskerPeek({ cache, policy: defaultAccessPolicy });
    expect((await peek(user))?.memberGuid).toBe(coach.guid);
    const other = createReadCache({ sealer: testSealer, redis: connect(), prefix });
    await other.invalidate('members');
    await other.read(collectionKeys.members, async () =>
      club.members.filter((m) => m.guid !== coach.guid),
    );
    await vi.waitFor(async () => expect((await peek(user))?.memberGuid).toBeUndefined());
  });

  it('when the cache is still cold, the next command looks again and finds it filled', async () => {
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('peek'),
    });
    const peek = createAskerPeek({ cache, policy: defaultAccessPolicy });
    expect(await peek(user)).toBeUndefined();
    await cache.read(collectionKeys.members, async () => club.members);
    await cache.read(collectionKeys.roles, async () => club.roles);
    expect((await peek(user))?.memberGuid).toBe(coach.guid);
  });
});
