import { describe, expect, it } from 'vitest';
import type { ClubSession } from '../../../src/club/domain.js';
import { currentSessionsOf } from '../../../src/club/time/current-sessions-of.js';
import { memoryClubData } from '../../support/memory-club-data.js';

const session = (name: string, swimmers: string[], archived = false): ClubSession => ({
  guid: `session-${name}`,
  name,
  archived,
  noSessionDates: [],
  coaches: [],
  members: swimmers.map((guid) => ({ guid })),
});

describe("a member's current sessions", () => {
  it('are the sessions whose roster lists them, in the list order, without archived ones', () => {
    const sessions = [
      session('Monday', ['ann', 'bob']),
      session('Old Tuesday', ['ann'], true),
      session('Thursday', ['bob', 'ann']),
    ];
    expect(currentSessionsOf(sessions, 'ann').map((s) => s.name)).toEqual(['Monday', 'Thursday']);
    expect(currentSessionsOf(sessions, 'bob').map((s) => s.name)).toEqual(['Monday', 'Thursday']);
  });

  it('when a roster lists a swimmer twice, that session is theirs once', () => {
    const sessions = [session('Monday', ['ann', 'ann'])];
    expect(currentSessionsOf(sessions, 'ann')).toEqual([sessions[0]]);
  });

  it('when a member swims in no current session, there are none', () => {
    const sessions = [session('Monday', ['ann']), session('Old', ['cat'], true)];
    expect(currentSessionsOf(sessions, 'cat')).toEqual([]);
    expect(currentSessionsOf(sessions, 'nobody')).toEqual([]);
  });

  it("when the list changes (a refresh), the new list's rosters count", () => {
    const before = [session('Monday', ['ann'])];
    expect(currentSessionsOf(before, 'bob')).toEqual([]);
    const after = [session('Monday', ['ann', 'bob'])];
    expect(currentSessionsOf(after, 'bob').map((s) => s.name)).toEqual(['Monday']);
  });

  it('for every member of the seeded club, they are what a scan of every roster finds', () => {
    const { members, sessions } = memoryClubData();
    for (const member of members) {
      const scanned = sessions.filter(
        (s) => !s.archived && s.members.some((swimmer) => swimmer.guid === member.guid),
      );
      expect(currentSessionsOf(sessions, member.guid)).toEqual(scanned);
    }
  });
});
