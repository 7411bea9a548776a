import type { ClubSession, Member, Weekday } from '../../club/domain.js';
import { displayName } from '../../club/members/members-of.js';
import { sessionsOn } from '../../digests/compose-sessions.js';
import { peopleOnDuty } from './session-people.js';
import { renewalWording } from './welfare-checks.js';

/**
 * Pure: the coaches (helpers included) on today's sessions whose DBS has lapsed, one line each:
 * "Ann Lee: lapsed 15 days ago (Tuesday Juniors)". For the welfare officer's and head coach's /today.
 */
export function lapsedCoachesToday(
  members: readonly Member[],
  sessions: readonly ClubSession[],
  today: { date: string; weekday: Weekday },
): { lines: string[]; members: string[] } {
  const running = sessionsOn(sessions, today.date, today.weekday);
  const lapsed = peopleOnDuty(members, running).filter(
    ({ member }) => member.dbsRenewalDate !== undefined && member.dbsRenewalDate < today.date,
  );
  return {
    lines: lapsed.map(
      ({ member, sessions: taken }) =>
        `${displayName(member)}: ${renewalWording(member.dbsRenewalDate ?? '', today.date)} (${taken.join(', ')})`,
    ),
    members: lapsed.map(({ member }) => member.guid),
  };
}
