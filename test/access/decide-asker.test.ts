import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { decideAsker } from '../../src/access/decide-asker.js';
import type { Member } from '../../src/club/domain.js';

function member(guid: string, fields: Partial<Member>): Member {
  return {
    guid,
    firstName: guid,
    lastName: 'Smith',
    address: [],
    emergencyContacts: [],
    active: true,
    isSwimmer: false,
    isVolunteer: false,
    isCoach: false,
    isParent: false,
    isCommitteeMember: false,
    inWhosWho: false,
    parents: [],
    swimmers: [],
    ...fields,
  };
}

const ask = (members: readonly Member[], email: string) =>
  decideAsker({ platform: 'slack', userId: 'U1', email }, members, [], defaultAccessPolicy);

describe('deciding who asks, by email', () => {
  const members = [
    member('child', { email: 'family@example.org', isSwimmer: true }),
    member('parent', { email: 'Family@Example.org', isParent: true }),
    member('coach', { email: 'coach@example.org', isCoach: true }),
    member('left', { email: 'left@example.org', isCoach: true, active: false }),
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
  });

  it('when the list changes, the new list decides', () => {
    const later = [...members.slice(0, 2), member('coach2', { email: 'coach@example.org' })];
    expect(ask(members, 'coach@example.org').memberGuid).toBe('coach');
    expect(ask(later, 'coach@example.org').memberGuid).toBe('coach2');
  });
});
