import { describe, expect, it } from 'vitest';
import { membersByGuid } from '../../src/commands/members-by-guid.js';
import { memoryClubData } from '../support/memory-club-data.js';

describe('members by Guid', () => {
  it('when the same members list is asked for twice, the index is built once and finds everyone', () => {
    const { members } = memoryClubData();
    const index = membersByGuid(members);
    expect(membersByGuid(members)).toBe(index);
    expect(members.every((member) => index.get(member.guid) === member)).toBe(true);
  });

  it('when the list changes (a refresh), the new list is indexed', () => {
    const { members } = memoryClubData();
    const refreshed = members.slice(1);
    expect(membersByGuid(refreshed).has(members[0]!.guid)).toBe(false);
    expect(membersByGuid(members).has(members[0]!.guid)).toBe(true);
  });
});
