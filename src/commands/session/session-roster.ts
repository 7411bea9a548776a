import type { ClubSession, Member } from '../../club/domain.js';
import { formatDay } from '../../club/time/club-time.js';
import { displayName } from '../../club/members/display-name.js';
import { membersByGuid } from '../../club/members/members-by-guid.js';

/** One swimmer of a roster as it is shown: name and last attendance, and whose record it is. */
export interface RosterSwimmer {
  guid: string;
  name: string;
  /** "Tue 3 Mar 2026", or "Not recorded". */
  lastAttended: string;
  /** Their record, when the members list holds it (for consent markers). */
  member?: Member;
}

/** A session's people by name, as /session shows them. */
export interface SessionRoster {
  coaches: readonly string[];
  /** Sorted by name (en-GB collation). */
  swimmers: readonly RosterSwimmer[];
}

// One collator for every comparison: `localeCompare(b, 'en-GB')` looks the locale up on each call.
const byName = new Intl.Collator('en-GB').compare;

const rosters = new WeakMap<ClubSession, { members: readonly Member[]; roster: SessionRoster }>();

/**
 * The session's coaches and its swimmers sorted by name, built once per session and members list:
 * the cache hands every read the same (read-only) lists until they change, and naming and sorting
 * a large roster on every command cost more than the rest of answering it.
 */
export function sessionRoster(session: ClubSession, members: readonly Member[]): SessionRoster {
  const held = rosters.get(session);
  if (held?.members === members) return held.roster;
  const byGuid = membersByGuid(members);
  const nameOf = (guid: string) => {
    const member = byGuid.get(guid);
    if (!member) return 'Unknown member';
    return member.active ? displayName(member) : `${displayName(member)} (left the club)`;
  };
  const roster: SessionRoster = {
    coaches: session.coaches.map((coach) => nameOf(coach.guid)),
    swimmers: session.members
      .map((swimmer) => ({
        guid: swimmer.guid,
        name: nameOf(swimmer.guid),
        member: byGuid.get(swimmer.guid),
        lastAttended: swimmer.lastAttended ? formatDay(swimmer.lastAttended) : 'Not recorded',
      }))
      .sort((a, b) => byName(a.name, b.name)),
  };
  rosters.set(session, { members, roster });
  return roster;
}
