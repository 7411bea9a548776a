import type { ClubSession, Member, Weekday } from '../club/domain.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';
import { inTimetableOrder, runsOn } from '../club/time/match-sessions.js';
import type { ReplySection } from '../core/reply.js';

/** The sessions that run on a day: not archived, on its weekday, not one of their days off. */
export function sessionsOn(
  sessions: readonly ClubSession[],
  date: string,
  weekday: Weekday,
): ClubSession[] {
  return inTimetableOrder(
    sessions.filter((s) => !s.archived && s.weekday === weekday && runsOn(s, date)),
  );
}

/** "18:00–19:30" or what is known of it. */
export function timesOf(session: Pick<ClubSession, 'startTime' | 'endTime'>): string {
  if (session.startTime && session.endTime) return `${session.startTime}–${session.endTime}`;
  return session.startTime ?? 'time not set';
}

/** "14 / 20 swimmers", or "14 swimmers" without a maximum. */
export function countOf(session: Pick<ClubSession, 'members' | 'maxMembers'>): string {
  const count = session.members.length;
  return session.maxMembers ? `${count} / ${session.maxMembers}` : String(count);
}

/**
 * Pure: a day's sessions as a table of times, place, coaches and swimmer counts. Coaches are
 * named (adults on duty); swimmers are only counted, as this goes to a channel.
 */
export function sessionsTable(
  sessions: readonly ClubSession[],
  members: readonly Member[],
): ReplySection {
  const byGuid = membersByGuid(members);
  const coaches = (session: ClubSession) =>
    session.coaches
      .map((coach) => byGuid.get(coach.guid))
      .filter((coach): coach is Member => coach !== undefined)
      .map(displayName)
      .join(', ') || 'none listed';
  return {
    kind: 'table',
    columns: ['Session', 'Time', 'Place', 'Coaches', 'Swimmers'],
    rows: sessions.map((session) => [
      session.name,
      timesOf(session),
      session.location ?? '',
      coaches(session),
      countOf(session),
    ]),
  };
}
