import { describe, expect, it } from 'vitest';
import { createCachedClubData } from '../../src/cache/cached-club-data.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import type { ClubApi } from '../../src/club/club-api.js';
import { sessionRoster } from '../../src/commands/session/roster-reply.js';
import { createSealer } from '../../src/redis/sealer.js';
import { anyKey } from '../support/any-cache-key.js';
import { testDataKey } from '../support/data-key.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const connect = connectionsClosedAfterAll();

/** A club whose members entry was cached as `stored` (sealed as a release would), and what the log was told. */
async function clubWithCachedMembers(stored: unknown) {
  const { members, sessions } = memoryClubData();
  const told: string[] = [];
  const sealer = createSealer(testDataKey, {
    onUnopenable: (kind, reason) => told.push(`${kind}: ${reason}`),
  });
  const cache = createReadCache({ redis: connect(), sealer, prefix: uniquePrefix('shapes') });
  await cache.read(anyKey('members'), async () => stored);
  let loads = 0;
  const api = {
    async listMembers() {
      loads += 1;
      return members;
    },
    listSessions: async () => sessions,
  };
  // Only the two lists a roster reads are called.
  const data = createCachedClubData(cache, () => api as unknown as ClubApi);
  return { data, members, sessions, told, loads: () => loads };
}

describe('a cached collection read back in a shape this release does not read', () => {
  it('when members were cached by the release before consents, they are loaded again and the roster answers', async () => {
    const { members } = memoryClubData();
    const before = members.map(({ consents: _consents, ...member }) => member);
    const club = await clubWithCachedMembers(before);
    const read = await club.data.members();
    expect(club.loads()).toBe(1);
    expect(read.value).toEqual(club.members);
    const session = club.sessions.find((s) => s.members.length > 2)!;
    const roster = sessionRoster(session, read.value);
    expect(roster.swimmers.filter((s) => s.name === 'Unknown member')).toEqual([]);
    // The entry now stored is parsed once, then reused as long as it is unchanged.
    const again = await club.data.members();
    expect((await club.data.members()).value).toBe(again.value);
    expect(club.loads()).toBe(1);
  });

  it('when a cached member has wrong types (tampered), the entry is loaded again, and the log names no value', async () => {
    const { members } = memoryClubData();
    const tampered = members.map((member) => ({ ...member, active: 'yes', address: 42 }));
    const club = await clubWithCachedMembers(tampered);
    expect((await club.data.members()).value).toEqual(club.members);
    expect(club.loads()).toBe(1);
    await club.data.members();
    expect(club.told).toEqual([expect.stringContaining('does not hold what is kept there')]);
    expect(club.told.join()).not.toContain(members[0]!.lastName);
  });
});
