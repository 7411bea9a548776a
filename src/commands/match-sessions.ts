import type { ClubSession } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import { readWhen, type PartOfDay } from './read-when.js';

/** Evening (and "tonight") is sessions starting at or after this time. */
export const eveningStarts = '16:00';

export type SessionMatch =
  | { kind: 'found'; label: string; sessions: ClubSession[] }
  /**
   * A day (or time) was understood, but nothing runs then; `elsewhere` are the sessions the name
   * words match on other days ("minnows tuesday": Minnows swim on Monday and Friday).
   */
  | { kind: 'none-that-day'; label: string; elsewhere?: ClubSession[] }
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Finds the sessions a coach means, the way a coach would guess: the day narrows ("tomorrow",
 * "friday"), then the time of day ("evening", "18:30"), then the name ("minnows"). Archived
 * sessions never match; a named day also skips the session's NoSessionDates on that date.
 */
export function matchSessions(
  sessions: readonly ClubSession[],
  when: string,
  now: Date,
  timezone: string,
): SessionMatch {
  const running = sessions.filter((session) => !session.archived);
  const query = readWhen(when, now, timezone);
  const { day, part, time, words } = query;
  if (!day && words.length === 0) return { kind: 'unknown', words: [] };
  let chosen = running;
  const label: string[] = [];
  if (day) {
    chosen = chosen.filter((s) => s.weekday === day.weekday && runsOn(s, day.date));
    label.push(day.label === day.weekday ? day.weekday : `${day.label} (${day.weekday})`);
  }
  if (part) {
    const inPart = chosen.filter((session) => partOfDay(session.startTime) === part);
    // "Tonight" on a day of morning sessions is the day's roster rather than nothing.
    const tonight = day?.label === 'Tonight';
    chosen = tonight && inPart.length === 0 ? chosen : inPart;
    if (!tonight) label.push(part);
  }
  if (time) {
    chosen = chosen.filter((session) => runsAt(session, time));
    label.push(`at ${time}`);
  }
  if (words.length > 0) {
    const named = (list: readonly ClubSession[]) =>
      list.filter((s) => words.every((word) => s.name.toLowerCase().includes(word)));
    const anywhere = named(running);
    if (anywhere.length === 0) return { kind: 'unknown', words };
    chosen = named(chosen);
    const name = capitalised(words.join(' '));
    if (chosen.length === 0 && day) {
      return { kind: 'none-that-day', label: `${name}, ${label.join(' ')}`, elsewhere: anywhere };
    }
    label.unshift(label.length > 0 ? `${name},` : name);
  }
  const text = label.join(' ');
  return chosen.length > 0
    ? { kind: 'found', label: text, sessions: inTimetableOrder(chosen) }
    : { kind: 'none-that-day', label: text };
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
