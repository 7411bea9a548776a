import type { ClubSession } from '../domain.js';
import { formatDay } from './club-time.js';
import { runsOn, type DatedSession } from './match-sessions.js';
import { addDays, weekdayOf } from './read-date.js';

/** How far ahead the next run of a session, and its no-session dates, are looked for. */
const horizonDays = 42;

/** Days from `today` (yyyy-mm-dd) on the session's weekday, for `days` days. */
function sessionDays(session: ClubSession, today: string, days: number): string[] {
  const all = Array.from({ length: days }, (_, ahead) => addDays(today, ahead));
  return all.filter((date) => session.weekday !== undefined && weekdayOf(date) === session.weekday);
}

/** The first day from `today` the session runs (its weekday, not a no-session date). */
export function nextRunDate(session: ClubSession, today: string): string | undefined {
  return sessionDays(session, today, horizonDays).find((date) => runsOn(session, date));
}

/** "Mon 28 Dec", for each of the session's days in the next six weeks it does not run. */
export function noSessionDaysAhead(session: ClubSession, today: string): string[] {
  return sessionDays(session, today, horizonDays)
    .filter((date) => !runsOn(session, date))
    .map((date) => formatDay(date, today));
}

/** "Monday Minnows: no session on Mon 28 Dec". */
export function noSessionLine({ session, date }: DatedSession, today: string): string {
  return `${session.name}: no session on ${formatDay(date, today)}`;
}

/**
 * The sessions of the next two weeks from `now` (HH:mm on `today`), in time order: one running
 * now or later today first. Archived sessions and no-session dates are left out.
 */
export function sessionsAhead(
  sessions: readonly ClubSession[],
  today: string,
  now: string,
): DatedSession[] {
  const days = Array.from({ length: 14 }, (_, ahead) => addDays(today, ahead));
  return days.flatMap((date) =>
    sessions
      .filter((session) => !session.archived && session.weekday === weekdayOf(date))
      .filter((session) => runsOn(session, date))
      .filter((session) => date > today || (session.endTime ?? session.startTime ?? '') > now)
      .sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''))
      .map((session) => ({ session, date })),
  );
}

/** Today's sessions already over by `now`, latest first. */
export function earlierToday(
  sessions: readonly ClubSession[],
  today: string,
  now: string,
): DatedSession[] {
  return sessions
    .filter((session) => !session.archived && session.weekday === weekdayOf(today))
    .filter((session) => runsOn(session, today))
    .filter((session) => (session.endTime ?? session.startTime ?? '') <= now)
    .sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''))
    .map((session) => ({ session, date: today }));
}
