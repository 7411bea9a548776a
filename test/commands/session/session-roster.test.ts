import { describe, expect, it } from 'vitest';
import { sessionRoster } from '../../../src/commands/session/roster-reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';

describe('a session roster', () => {
  const { members, sessions } = memoryClubData();
  const session = sessions.find((s) => s.members.length > 2)!;

  it('when the same session and members are asked for twice, the roster is built once', () => {
    expect(sessionRoster(session, members)).toBe(sessionRoster(session, members));
  });

  it('when the members list changes (a refresh), the roster is built again from it', () => {
    const before = sessionRoster(session, members);
    const renamed = members.map((member) =>
      member.guid === session.members[0]?.guid ? { ...member, knownAs: 'Zebedee' } : member,
    );
    const after = sessionRoster(session, renamed);
    expect(after).not.toBe(before);
    expect(after.swimmers.map((swimmer) => swimmer.name).join()).toContain('Zebedee');
  });

  it('when a swimmer has no member record or has left, the roster says so, sorted with the rest', () => {
    const strays = {
      ...session,
      members: [
        { guid: 'no-such-member', lastAttended: '2026-03-03' },
        ...session.members.slice(0, 2),
      ],
    };
    const left = members.map((member) =>
      member.guid === session.members[0]?.guid ? { ...member, active: false } : member,
    );
    const roster = sessionRoster(strays, left);
    const names = roster.swimmers.map((swimmer) => swimmer.name);
    expect(names).toContain('Unknown member');
    expect(names.some((name) => name.endsWith(' (left the club)'))).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(roster.swimmers.find((s) => s.guid === 'no-such-member')?.lastAttended).toBe(
      'Tue 3 Mar 2026',
    );
  });
});
