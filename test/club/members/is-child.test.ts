import { describe, expect, it } from 'vitest';
import { isChild } from '../../../src/club/members/members-of.js';
import { memberRecord } from '../../support/member-record.js';

const today = '2026-03-10';

describe('who is treated as a child', () => {
  it('when the date of birth is known, then under 18 on the club’s today is a child', () => {
    expect(isChild(memberRecord('a', { dateOfBirth: '2008-03-11' }), today)).toBe(true);
    expect(isChild(memberRecord('a', { dateOfBirth: '2008-03-10' }), today)).toBe(false);
  });

  it('when a coach’s date of birth says 16, then they are a child whatever else the record shows', () => {
    expect(isChild(memberRecord('a', { dateOfBirth: '2010-01-01', isCoach: true }), today)).toBe(
      true,
    );
  });

  it('when there is no date of birth and nothing else, then the member is treated as a child', () => {
    expect(isChild(memberRecord('a', { isSwimmer: true }), today)).toBe(true);
  });

  it.each([
    ['a parent', { isParent: true }],
    ['the parent of a swimmer', { swimmers: ['s'] }],
    ['a committee member', { isCommitteeMember: true }],
    ['DBS checked', { hasDbsDate: true }],
  ])(
    'when there is no date of birth but the record shows %s, then the member is an adult',
    (_what, fields) => {
      expect(isChild(memberRecord('a', fields), today)).toBe(false);
    },
  );

  it.each([
    ['a volunteer', { isVolunteer: true }],
    ['a coach', { isCoach: true }],
    ['a volunteer and a coach', { isVolunteer: true, isCoach: true, isSwimmer: true }],
  ])(
    'when there is no date of birth and the record shows only %s, then the member is a child (junior helpers exist)',
    (_what, fields) => {
      expect(isChild(memberRecord('a', fields), today)).toBe(true);
    },
  );
});
