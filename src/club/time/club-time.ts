import { weekdays, type Weekday } from '../domain.js';

/*
 * The club's calendar and clock. "Today", "tonight" and weekdays are the club's (CLUB_TIMEZONE),
 * not the server's: a worker in UTC must still say Tuesday at 00:30 on a British summer Tuesday.
 * Only Intl.DateTimeFormat with `timeZone`, no date library.
 */

interface ClubClock {
  /** yyyy-mm-dd */
  date: string;
  weekday: Weekday;
  /** HH:mm on the 24-hour clock */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The last clock read in each time zone, by the minute it is of. */
const lastClock = new Map<string, { minute: number; clock: Readonly<ClubClock> }>();

/**
 * The club's date, weekday and time of day at an instant. The clock of the last minute asked
 * for is kept: a command asks for it several times, and `formatToParts` is slow. (UTC offsets
 * change on whole minutes, so one minute has one reading.)
 */
export function clubClock(instant: Date | number, timezone: string): Readonly<ClubClock> {
  const minute = Math.floor(Number(instant) / 60_000);
  const last = lastClock.get(timezone);
  if (last?.minute === minute) return last.clock;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timezone).formatToParts(instant)) parts[part.type] = part.value;
  const weekday = weekdays.find((day) => day === parts.weekday) ?? 'Monday';
  const clock = Object.freeze({
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    time: `${parts.hour}:${parts.minute}`,
  });
  lastClock.set(timezone, { minute, clock });
  return clock;
}

/** Today in the club's time zone, yyyy-mm-dd. */
export function clubToday(now: Date, timezone: string): string {
  return clubClock(now, timezone).date;
}

/** The weekday in the club's time zone. */
export function clubWeekday(now: Date, timezone: string): Weekday {
  return clubClock(now, timezone).weekday;
}

/** The time of day in the club's time zone, HH:mm. */
export function clubTimeOfDay(now: Date, timezone: string): string {
  return clubClock(now, timezone).time;
}

/** "14:05 on Tue": a moment within the next day or so, in the club's time zone. */
export function clubMoment(instant: number, timezone: string): string {
  const clock = clubClock(instant, timezone);
  return `${clock.time} on ${clock.weekday.slice(0, 3)}`;
}

/** Whole years from a yyyy-mm-dd date of birth to a yyyy-mm-dd day; undefined if either is unreadable. */
export function ageOn(dateOfBirth: string | undefined, day: string): number | undefined {
  const born = readDate(dateOfBirth);
  const on = readDate(day);
  if (!born || !on) return undefined;
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}

/** An age to show: empty for a date of birth that is unreadable or after `day` (a mistyped record). */
export function shownAge(dateOfBirth: string | undefined, day: string): string {
  const age = ageOn(dateOfBirth, day);
  return age === undefined || age < 0 ? '' : String(age);
}

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * "Tue 3 Mar 2026" for a yyyy-mm-dd date (a calendar day: no time zone applies); else as given.
 * With `today` (the club's), a date of the same year is shortened to "Tue 3 Mar".
 */
export function formatDay(value: string, today?: string): string {
  const date = readDate(value);
  if (!date) return value;
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  // getUTCDay: 0 = Sunday; weekdays[] starts on Monday.
  const weekday = weekdays[(utc.getUTCDay() + 6) % 7] ?? '';
  const day = `${weekday.slice(0, 3)} ${date.day} ${monthNames[date.month - 1]}`;
  return today?.startsWith(`${date.year}-`) ? day : `${day} ${date.year}`;
}

function readDate(
  value: string | undefined,
): { year: number; month: number; day: number } | undefined {
  const match = value === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
