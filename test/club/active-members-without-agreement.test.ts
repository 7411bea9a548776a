import { describe, expect, it } from 'vitest';
import { activeMembersWithoutAgreement } from '../../src/club/active-members-without-agreement.js';
import type { CodeOfConduct } from '../../src/club/code-of-conduct.js';
import type { Member } from '../../src/club/domain.js';
import { memberRecord } from '../support/member-record.js';

const member = (guid: string, active = true): Member => memberRecord(guid, { active });

const code = (guid: string, agreed: string[]): CodeOfConduct => ({
  guid,
  title: `Code ${guid}`,
  agreements: agreed.map((who) => ({ guid: who, dateAgreed: '2026-01-10' })),
});

describe('active members who have not agreed the current code of conduct', () => {
  const members = [member('ada'), member('ben'), member('cat', false), member('dan')];

  it('when some active members are not on the current code, then they are named, in the members’ order', () => {
    const gap = activeMembersWithoutAgreement(members, [
      code('old', ['ben']),
      code('new', ['ada']),
    ]);
    expect(gap?.code.guid).toBe('new');
    expect(gap?.members.map((m) => m.guid)).toEqual(['ben', 'dan']);
  });

  it('leaves out members who are not active, and counts a listed member without a date as agreed', () => {
    const undated: CodeOfConduct = { guid: 'new', title: 'New', agreements: [{ guid: 'dan' }] };
    const gap = activeMembersWithoutAgreement(members, [undated]);
    expect(gap?.members.map((m) => m.guid)).toEqual(['ada', 'ben']);
  });

  it('when everyone active agreed, then the list is empty; when the club has no code, then there is no answer', () => {
    expect(
      activeMembersWithoutAgreement(members, [code('new', ['ada', 'ben', 'dan'])])?.members,
    ).toEqual([]);
    expect(activeMembersWithoutAgreement(members, [])).toBeUndefined();
  });

  it('ignores agreements by Guids that are no member', () => {
    const gap = activeMembersWithoutAgreement(members, [code('new', ['ada', 'ghost'])]);
    expect(gap?.members.map((m) => m.guid)).toEqual(['ben', 'dan']);
  });
});
