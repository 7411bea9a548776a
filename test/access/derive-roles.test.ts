import { describe, expect, it } from 'vitest';
import { deriveRoles } from '../../src/access/access-policy.js';
import type { NamedMembership } from '../../src/club/domain.js';
import { memberRecord } from '../support/member-record.js';

const role = (name: string, members: string[]): NamedMembership => ({ guid: name, name, members });

describe('roles from the club records', () => {
  const clubRoles = [
    role('Welfare Officer', ['wendy']),
    role('Membership Secretary', ['mary', 'wendy']),
    role('Chair', ['carl']),
    role('Deputy Welfare Officer', ['wendy']),
    role('Team Manager', ['tom']),
  ];

  it('a club role gives the bot role its name names, each once, in the order of the roles', () => {
    expect(deriveRoles(memberRecord('wendy', { isCoach: true }), clubRoles)).toEqual([
      'everyone',
      'coach',
      'welfare',
      'membership',
    ]);
    expect(deriveRoles(memberRecord('mary'), clubRoles)).toEqual(['everyone', 'membership']);
    expect(deriveRoles(memberRecord('carl', { isCommitteeMember: true }), clubRoles)).toEqual([
      'everyone',
      'committee',
      'admin',
    ]);
    expect(deriveRoles(memberRecord('tom'), clubRoles)).toEqual(['everyone']);
  });

  it('a member who has left has no role but everyone, whatever the club roles say', () => {
    expect(deriveRoles(memberRecord('wendy', { active: false, isCoach: true }), clubRoles)).toEqual(
      ['everyone'],
    );
    expect(deriveRoles(undefined, clubRoles)).toEqual(['everyone']);
  });

  it('when the club roles change (a new list from the cache), the new list decides', () => {
    const mary = memberRecord('mary');
    expect(deriveRoles(mary, clubRoles)).toEqual(['everyone', 'membership']);
    const changed = [role('Welfare Officer', ['mary']), ...clubRoles.slice(2)];
    expect(deriveRoles(mary, changed)).toEqual(['everyone', 'welfare']);
    expect(deriveRoles(mary, clubRoles)).toEqual(['everyone', 'membership']);
  });

  const holding = (name: string) => deriveRoles(memberRecord('h'), [role(name, ['h'])]);

  it.each([
    'Gala Secretary',
    'Vice Chair',
    'Open Water Secretary',
    'Fundraising Officer',
    'Treasurer',
  ])(
    'when a member holds "%s", then they get no bot role from it (it only contains an office’s word)',
    (name) => {
      expect(holding(name)).toEqual(['everyone']);
    },
  );

  it.each([
    ['Chair', 'admin'],
    ['chair ', 'admin'],
    ['Secretary', 'admin'],
    ['Club Secretary', 'admin'],
    ['Welfare Officer', 'welfare'],
    ['Deputy Welfare Officer', 'welfare'],
    ['Safeguarding Officer', 'welfare'],
    ['Membership Secretary', 'membership'],
    ['Head Coach', 'head-coach'],
  ])('when a member holds "%s" (the whole name, any case), then they are %s', (name, botRole) => {
    expect(holding(name)).toEqual(['everyone', botRole]);
  });

  it.each(['Welfare', 'Welfare Team Helper', 'Assistant Head Coach', 'Coach'])(
    'when a member holds "%s", then it gives no welfare, head-coach or admin role',
    (name) => {
      expect(holding(name)).toEqual(['everyone']);
    },
  );
});
