import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { decideAsker } from '../../src/access/decide-asker.js';
import type { Member } from '../../src/club/domain.js';
import { memberRecord } from '../support/member-record.js';

const ask = (members: readonly Member[], email: string) =>
  decideAsker({ platform: 'slack', userId: 'U1', email }, members, [], defaultAccessPolicy);

describe('deciding who asks, by email', () => {
  const members = [
    memberRecord('child', { email: 'family@example.org', isSwimmer: true }),
    memberRecord('parent', { email: 'Family@Example.org', isParent: true }),
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
  });

  it('when the list changes, the new list decides', () => {
    const later = [...members.slice(0, 2), memberRecord('coach2', { email: 'coach@example.org' })];
    expect(ask(members, 'coach@example.org').memberGuid).toBe('coach');
    expect(ask(later, 'coach@example.org').memberGuid).toBe('coach2');
  });
});
