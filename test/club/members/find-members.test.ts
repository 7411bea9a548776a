import { describe, expect, it } from 'vitest';
import type { Member } from '../../../src/club/domain.js';
import { findMembers, withinOneEdit } from '../../../src/club/members/find-members.js';
import { memberRecord } from '../../support/member-record.js';

/** A swimmer (unless `extra` says otherwise) with these names. */
const person = (
  guid: string,
  firstName: string,
  lastName: string,
  extra: Partial<Member> = {},
): Member => memberRecord(guid, { firstName, lastName, isSwimmer: true, ...extra });

const members = [
  person('g-jane', 'Jane', 'Smith'),
  person('g-claire', 'Claire', 'Smith'),
  person('g-tom', 'Thomas', 'Hamilton', { knownAs: 'Tom' }),
  person('g-zoe', 'Zoë', "O'Brien-Kaur"),
  person('g-old', 'Peter', 'Hamilton', { active: false }),
  person('g-joan', 'Joan', 'Smyth'),
];
const guids = (query: string) => {
  const match = findMembers(members, query);
  return 'exact' in match ? match.exact.map((member) => member.guid) : [];
};
const suggested = (query: string) => {
  const match = findMembers(members, query);
  return 'suggestions' in match ? match.suggestions.map((member) => member.guid) : [];
};

describe('finding members by name', () => {
  it('when the full name is typed in any case, then exactly that member is found', () => {
    expect(guids('jane SMITH')).toEqual(['g-jane']);
    expect(guids('Smith Jane')).toEqual(['g-jane']);
  });

  it('when only the surname is typed, then everyone with it is found, not the near spellings', () => {
    expect(guids('Smith')).toEqual(['g-claire', 'g-jane']);
  });

  it('when the known-as name is typed, then the member is found by it', () => {
    expect(guids('Tom Hamilton')).toEqual(['g-tom']);
    expect(guids('Thomas')).toEqual(['g-tom']);
  });

  it('when accents and punctuation are left out, then the member is still found', () => {
    expect(guids('zoe obrien')).toEqual(['g-zoe']);
    expect(guids('Zoe Kaur')).toEqual(['g-zoe']);
  });

  it('when one letter of a long name is wrong, missing, extra or swapped, then the member is only suggested, never found', () => {
    for (const typed of ['Thomas Hamiltan', 'Tom Hamilon', 'Tom Hammilton', 'Tom Hmailton']) {
      expect(guids(typed)).toEqual([]);
      expect(suggested(typed)).toEqual(['g-tom']);
    }
  });

  it("when a surname is one letter from a first name (O'Connor for Connor), then it is only a suggestion", () => {
    const connor = [...members, person('g-connor', 'Connor', 'Hart')];
    expect(findMembers(connor, "O'Connor")).toEqual({ suggestions: [connor.at(-1)] });
  });

  it('when an initial or the start of a name is typed, then those members are suggested, not found', () => {
    expect(suggested('J Smith')).toEqual(['g-jane', 'g-joan']);
    expect(suggested('Hamil')).toEqual(['g-tom', 'g-old']);
  });

  it('when a near spelling is also someone’s exact name, then only the exact one is found', () => {
    expect(guids('Smyth')).toEqual(['g-joan']);
  });

  it('when a short name has a typo, then nothing is suggested', () => {
    expect(findMembers(members, 'Jabe')).toEqual({ suggestions: [] });
  });

  it('when several match, then current members come before those who left', () => {
    expect(guids('Hamilton')).toEqual(['g-tom', 'g-old']);
  });

  it("when a member's Guid or its 8-character reference is given, then that member is found", () => {
    expect(guids('g-claire')).toEqual(['g-claire']);
    const withRef = [...members, person('66cba35d-650a-4c1e-9f00-000000000001', 'Ada', 'Lane')];
    const match = findMembers(withRef, '66CBA35D');
    expect('exact' in match && match.exact.map((member) => member.firstName)).toEqual(['Ada']);
  });

  it('when nothing matches, then nobody is found', () => {
    expect(guids('Nobody Here')).toEqual([]);
    expect(guids('   ')).toEqual([]);
  });

  it('when two words differ by one edit, then they are within one edit', () => {
    expect(withinOneEdit('smith', 'smyth')).toBe(true);
    expect(withinOneEdit('smith', 'msith')).toBe(true);
    expect(withinOneEdit('smith', 'smiths')).toBe(true);
    expect(withinOneEdit('smith', 'smth')).toBe(true);
    expect(withinOneEdit('smith', 'smyths')).toBe(false);
    expect(withinOneEdit('smith', 'msiht')).toBe(false);
  });
});
