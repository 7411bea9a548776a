import { describe, expect, it } from 'vitest';
import { membersByGuid } from '../../../src/club/members/members-of.js';
import { memoryClubData } from '../../support/memory-club-data.js';

describe('members by Guid', () => {
  it('finds every member of the list by their Guid', () => {
    const { members } = memoryClubData();
    const index = membersByGuid(members);
    expect(members.every((member) => index.get(member.guid) === member)).toBe(true);
  });
});
