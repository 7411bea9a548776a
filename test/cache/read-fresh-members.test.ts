import { describe, expect, it } from 'vitest';
import type { ClubApi } from '../../src/club/club-api.js';
import { ClubNotFoundError } from '../../src/club/club-errors.js';
import type { FreshMember } from '../../src/club/fresh-member.js';
import { readFreshMembers } from '../../src/cache/read-fresh-members.js';
import { memberRecord } from '../support/member-record.js';

/** A club of `count` members behind a ClubApi that counts its calls; `gone` answer 404. */
function countingApi(count: number, gone: readonly string[] = []) {
  const all: FreshMember[] = Array.from({ length: count }, (_, index) => ({
    member: memberRecord(`m${index}`),
    sensitive: { allergies: `note ${index}` },
  }));
  const counted = { calls: 0 };
  const api = {
    async listFreshMembers(pages: number) {
      counted.calls += pages;
      return all.slice(0, pages * 100);
    },
    async getMemberWithSensitive(guid: string) {
      counted.calls += 1;
      const found = all.find((fresh) => fresh.member.guid === guid);
      if (!found || gone.includes(guid)) throw new ClubNotFoundError('/api/Users/{guid}', 'gone');
      return found;
    },
  } as Pick<ClubApi, 'listFreshMembers' | 'getMemberWithSensitive'> as ClubApi;
  return { api, counted };
}

describe('reading a roster’s records fresh', () => {
  it.each([
    [50, 1],
    [50, 12],
    [120, 1],
    [120, 2],
    [120, 30],
    [1_000, 5],
    [1_000, 40],
    [5_000, 30],
    [5_000, 80],
  ])(
    'when the club has %i members and the roster %i swimmers, then it costs at most the fewer of ⌈members/100⌉ pages and one call each',
    async (members, roster) => {
      const { api, counted } = countingApi(members);
      const guids = Array.from({ length: roster }, (_, index) => `m${index * 3}`);
      const read = await readFreshMembers(api, guids, members);
      expect(read.map((fresh) => fresh.member.guid).sort()).toEqual([...guids].sort());
      expect(counted.calls).toBeLessThanOrEqual(Math.min(Math.ceil(members / 100), roster));
    },
  );

  it('when a swimmer’s record is gone from the club service, then the others are read and it is left out', async () => {
    const { api } = countingApi(500, ['m2']);
    const read = await readFreshMembers(api, ['m1', 'm2', 'm3'], 500);
    expect(read.map((fresh) => fresh.member.guid)).toEqual(['m1', 'm3']);
  });
});
