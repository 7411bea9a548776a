import { type ClubSession, weekdays } from '../domain.js';
import { readWhen, type PartOfDay } from './read-when.js';
import { formatDay } from './club-time.js';
import { addDays, weekdayOf } from './read-date.js';

/** Evening (and "tonight") is sessions starting at or after this time. */
export const eveningStarts = '16:00';

/** A session on one day: its date (yyyy-mm-dd) is the day it runs, or would have. */
export interface DatedSession {
  session: ClubSession;
  date: string;
}

export type SessionMatch =
  | {
      kind: 'found';
      label: string;
      sessions: ClubSession[];
      /** The day asked about, by session Guid, when a day was named. */
      dates: ReadonlyMap<string, string>;
      /** Sessions that would match but do not run that day (one of their NoSessionDates). */
      cancelled: DatedSession[];
    }
  /**
   * A day (or time) was understood, but nothing runs then; `elsewhere` are the sessions the name
   * words match on other days ("minnows tuesday": Minnows swim on Monday and Friday).
   */
  | { kind: 'none-that-day'; label: string; elsewhere?: ClubSession[]; cancelled: DatedSession[] }
  /** Nothing but "next", or nothing at all: the asker's next session. */
  | { kind: 'next' }
  /** Neither a day, a time nor a session name; `words` are what was not understood. */
  | { kind: 'unknown'; words: string[] };

/** The part of the day a session starts in. */
export function partOfDay(startTime: string | undefined): PartOfDay | undefined {
  if (!startTime) return undefined;
  if (startTime >= eveningStarts) return 'evening';
  return startTime >= '12:00' ? 'afternoon' : 'morning';
}

/** True when the session runs at `time` (HH:mm): from its start to just before its end. */
function runsAt(session: ClubSession, time: string): boolean {
  if (!session.startTime) return false;
  if (session.startTime === time) return true;
  return !!session.endTime && session.startTime <= time && time < session.endTime;
}

/** Running at `from`, or starting after it and by `to`. */
function runsWithin(session: ClubSession, window: { from: string; to: string }): boolean {
  const start = session.startTime;
  return runsAt(session, window.from) || (!!start && start > window.from && start <= window.to);
}

/** Every typed word starts a word of the name: "minnow" and "dev" do, "now" is not in Minnows. */
function namedBy(session: ClubSession, words: readonly string[]): boolean {
  const nameWords = session.name.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => nameWords.some((name) => name.startsWith(word)));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Finds the sessions a coach means, the way a coach would guess: the day narrows ("tomorrow",
 * "28 Dec", "friday"), then the time of day ("evening", "18:30", "now"), then the name
 * ("minnows"). Archived sessions never match; a named day sets aside the sessions whose
 * NoSessionDates include it, as `cancelled`.
 */
export function matchSessions(
  sessions: readonly ClubSession[],
  when: string,
  now: Date,
  timezone: string,
): SessionMatch {
  const running = sessions.filter((session) => !session.archived);
  const query = readWhen(when, now, timezone);
  const { days, part, time, window, words } = query;
  if (!days && words.length === 0)
    return query.next || !when.trim() ? { kind: 'next' } : { kind: 'unknown', words: [] };
  let chosen = running;
  let cancelled: DatedSession[] = [];
  const dates = new Map<string, string>();
  const label: string[] = [];
  if (days) {
    const onDays = days.list.flatMap((day) =>
      running
        .filter((s) => s.weekday === day.weekday)
        .map((session) => ({ session, date: day.date })),
    );
    cancelled = onDays.filter(({ session, date }) => !runsOn(session, date));
    const runs = onDays.filter(({ session, date }) => runsOn(session, date));
    for (const { session, date } of runs) dates.set(session.guid, date);
    chosen = runs.map(({ session }) => session);
    label.push(days.label);
  }
  const keep = (test: (session: ClubSession) => boolean) => {
    chosen = chosen.filter(test);
    cancelled = cancelled.filter(({ session }) => test(session));
  };
  if (part) {
    const inPart = chosen.filter((session) => partOfDay(session.startTime) === part);
    // "Tonight" on a day of morning sessions is the day's roster rather than nothing.
    const tonight = days?.label.startsWith('Tonight') === true;
    if (!tonight || inPart.length > 0) keep((session) => partOfDay(session.startTime) === part);
    if (!tonight) label.push(part);
  }
  if (time) {
    keep((session) => runsAt(session, time));
    label.push(`at ${time}`);
  }
  if (window) keep((session) => runsWithin(session, window));
  if (words.length > 0) {
    const anywhere = running.filter((session) => namedBy(session, words));
    if (anywhere.length === 0) return { kind: 'unknown', words };
    keep((session) => namedBy(session, words));
    const name = capitalised(words.join(' '));
    if (chosen.length === 0 && days) {
      return {
        kind: 'none-that-day',
        label: `${name}, ${label.join(' ')}`,
        elsewhere: anywhere,
        cancelled,
      };
    }
    label.unshift(label.length > 0 ? `${name},` : name);
  }
  const text = label.join(' ');
  return chosen.length > 0
    ? { kind: 'found', label: text, sessions: inTimetableOrder(chosen), dates, cancelled }
    : { kind: 'none-that-day', label: text, cancelled };
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
