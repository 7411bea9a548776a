import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { decideAsker } from '../../src/access/asker.js';
import type { Member, NamedMembership } from '../../src/club/domain.js';
import { memberRecord } from '../support/member-record.js';

const today = '2026-03-10';
const ask = (members: readonly Member[], email: string, roles: NamedMembership[] = []) =>
  decideAsker(
    { platform: 'slack', userId: 'U1', email },
    members,
    roles,
    defaultAccessPolicy,
    undefined,
    today,
  );

describe('deciding who asks, by email', () => {
  const members = [
    memberRecord('child', {
      email: 'family@example.org',
      isSwimmer: true,
      dateOfBirth: '2014-05-01',
    }),
    memberRecord('parent', { email: 'Family@Example.org', isParent: true, swimmers: ['child'] }),
    memberRecord('coach', { email: 'coach@example.org', isCoach: true }),
    memberRecord('left', { email: 'left@example.org', isCoach: true, active: false }),
  ];

  it('when a parent and a child share an address, the adult is linked, whatever the case', () => {
    expect(ask(members, ' FAMILY@example.org ').memberGuid).toBe('parent');
  });

  it('when asked again about the same list, the answers are the same', () => {
    expect(ask(members, 'coach@example.org')).toMatchObject({
      memberGuid: 'coach',
      roles: expect.arrayContaining(['coach']),
    });
    expect(ask(members, 'coach@example.org').memberGuid).toBe('coach');
    expect(ask(members, 'family@example.org').memberGuid).toBe('parent');
  });

  it('when the member has left or nobody has the address, nobody is linked', () => {
    expect(ask(members, 'left@example.org').memberGuid).toBeUndefined();
    expect(ask(members, 'nobody@example.org').memberGuid).toBeUndefined();
    expect(ask(members, 'nobody@example.org').unlinkedBecause).toBeUndefined();
  });

  it('when the list changes, the new list decides', () => {
    const later = [...members.slice(0, 2), memberRecord('coach2', { email: 'coach@example.org' })];
    expect(ask(members, 'coach@example.org').memberGuid).toBe('coach');
    expect(ask(later, 'coach@example.org').memberGuid).toBe('coach2');
  });
});

describe('when an email is ambiguous, nobody is linked', () => {
  it('when a parent and a coach share one address, neither is linked, and the asker is told why', () => {
    const shared = [
      memberRecord('parent', { email: 'home@example.org', isParent: true }),
      memberRecord('coach', { email: 'home@example.org', isCoach: true, hasDbsDate: true }),
    ];
    const coachRole = [{ guid: 'r', name: 'Head Coach', members: ['coach'] }];
    const asker = ask(shared, 'home@example.org', coachRole);
    expect(asker.memberGuid).toBeUndefined();
    expect(asker.roles).toEqual(['everyone']);
    expect(asker.unlinkedBecause).toBe('shared-email');
  });

  it('when a parent shares an address with a volunteer who has no date of birth, the parent is linked (junior helpers exist)', () => {
    const shared = [
      memberRecord('parent', { email: 'home@example.org', isParent: true }),
      memberRecord('helper', { email: 'home@example.org', isVolunteer: true, isCoach: true }),
    ];
    expect(ask(shared, 'home@example.org').memberGuid).toBe('parent');
  });

  it('when two adult swimmers by date of birth share an address, neither is linked', () => {
    const shared = [
      memberRecord('a', { email: 'pair@example.org', isSwimmer: true, dateOfBirth: '1980-01-01' }),
      memberRecord('b', { email: 'pair@example.org', isSwimmer: true, dateOfBirth: '1982-01-01' }),
    ];
    expect(ask(shared, 'pair@example.org')).toMatchObject({ unlinkedBecause: 'shared-email' });
  });

  it('when two children share an address and no adult has it, neither is linked', () => {
    const shared = [
      memberRecord('a', { email: 'kids@example.org', isSwimmer: true, dateOfBirth: '2014-01-01' }),
      memberRecord('b', { email: 'kids@example.org', isSwimmer: true, dateOfBirth: '2016-01-01' }),
    ];
    expect(ask(shared, 'kids@example.org').memberGuid).toBeUndefined();
  });

  it('when a swimmer with no date of birth shares an address with a parent, the swimmer counts as a child and the parent is linked', () => {
    const shared = [
      memberRecord('swimmer', { email: 'fam@example.org', isSwimmer: true }),
      memberRecord('parent', { email: 'fam@example.org', isParent: true }),
    ];
    expect(ask(shared, 'fam@example.org').memberGuid).toBe('parent');
  });

  it('when an admin linked the person, the link decides, shared address or not', () => {
    const shared = [
      memberRecord('parent', { email: 'home@example.org', isParent: true }),
      memberRecord('coach', { email: 'home@example.org', isCoach: true }),
    ];
    const asker = decideAsker(
      { platform: 'slack', userId: 'U1', email: 'home@example.org' },
      shared,
      [],
      defaultAccessPolicy,
      'coach',
      today,
    );
    expect(asker.memberGuid).toBe('coach');
    expect(asker.unlinkedBecause).toBeUndefined();
  });
});

describe('what the policy lets an asker see', () => {
  it('when the welfare officer asks, they see DBS details and every roster; a coach sees neither', () => {
    const members = [
      memberRecord('wendy', { email: 'w@example.org' }),
      memberRecord('cora', { email: 'c@example.org', isCoach: true }),
    ];
    const roles = [{ guid: 'r', name: 'Welfare Officer', members: ['wendy'] }];
    expect(ask(members, 'w@example.org', roles).sees).toEqual({
      safeguardingDetails: true,
      allRosters: true,
    });
    expect(ask(members, 'c@example.org', roles).sees).toEqual({
      safeguardingDetails: false,
      allRosters: false,
    });
  });
});
