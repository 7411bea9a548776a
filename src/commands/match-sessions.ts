import type { ClubSession } from '../club/domain.js';
import { readWeekday } from '../club/decode-records.js';
import { weekdays } from '../club/domain.js';
import { clubClock } from './club-time.js';

/**
 * "Tonight" is today's sessions starting at or after this time; when today has none that late
 * (a Saturday of morning sessions), it is all of today's, because a coach asking "tonight" wants
 * the day's roster rather than nothing.
 */
export const eveningStarts = '16:00';

export type SessionMatch =
  | { kind: 'found'; label: string; sessions: ClubSession[] }
  /** A day was named and understood, but nothing runs then. */
  | { kind: 'none-that-day'; label: string }
  | { kind: 'unknown' };

/**
 * Reads `when` as "today", "tonight", a weekday ("tue", "Tues", "weds", "THURSDAY") or part of a
 * session name, in that order. Archived sessions never match; today and tonight also skip a
 * session's NoSessionDates.
 */
export function matchSessions(
  sessions: readonly ClubSession[],
  when: string,
  now: Date,
  timezone: string,
): SessionMatch {
  const running = sessions.filter((session) => !session.archived);
  const word = when.trim().toLowerCase();
  if (word === 'today' || word === 'tonight') {
    const clock = clubClock(now, timezone);
    const today = inTimetableOrder(
      running.filter((session) => session.weekday === clock.weekday && runsOn(session, clock.date)),
    );
    const evening = today.filter((session) => (session.startTime ?? '') >= eveningStarts);
    const chosen = word === 'tonight' && evening.length > 0 ? evening : today;
    const label = `${word === 'today' ? 'Today' : 'Tonight'} (${clock.weekday})`;
    return chosen.length > 0
      ? { kind: 'found', label, sessions: chosen }
      : { kind: 'none-that-day', label };
  }
  const weekday = readWeekday(word);
  if (weekday) {
    const onDay = inTimetableOrder(running.filter((session) => session.weekday === weekday));
    return onDay.length > 0
      ? { kind: 'found', label: weekday, sessions: onDay }
      : { kind: 'none-that-day', label: weekday };
  }
  if (word === '') return { kind: 'unknown' };
  const exact = running.filter((session) => session.name.toLowerCase() === word);
  const named =
    exact.length > 0 ? exact : running.filter((s) => s.name.toLowerCase().includes(word));
  return named.length > 0
    ? { kind: 'found', label: when.trim(), sessions: inTimetableOrder(named) }
    : { kind: 'unknown' };
}

/**
 * False when `date` (yyyy-mm-dd) is one of the session's NoSessionDates. The spec allows dates
 * or date ranges; a range is read as its first and last yyyy-mm-dd ("2026-04-06 to 2026-04-17").
 */
export function runsOn(session: Pick<ClubSession, 'noSessionDates'>, date: string): boolean {
  return !session.noSessionDates.some((entry) => {
    const [first, last] = entry.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
    if (first === undefined) return false;
    return last === undefined ? date === first : date >= first && date <= last;
  });
}

/** Monday first, then by start time, then by name. */
export function inTimetableOrder(sessions: readonly ClubSession[]): ClubSession[] {
  const day = (session: ClubSession) =>
    session.weekday === undefined ? weekdays.length : weekdays.indexOf(session.weekday);
  return [...sessions].sort(
    (a, b) =>
      day(a) - day(b) ||
      (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
      a.name.localeCompare(b.name),
  );
}
