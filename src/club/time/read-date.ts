import { weekdays, type Weekday } from '../domain.js';
import { readWeekday } from '../decode-records.js';

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1–12 for a real month word ("dec", "December", "sept"), else 0: "juniors" is no June. */
function monthWord(word: string): number {
  const short = months.indexOf(word);
  if (short >= 0) return short + 1;
  if (word === 'sept') return 9;
  return monthNames.indexOf(word) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** True for a yyyy-mm-dd date that exists in the calendar. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** yyyy-mm-dd, or undefined when the day does not exist in the calendar. */
function calendarDate(year: number, month: number, day: number): string | undefined {
  const text = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(text) ? text : undefined;
}

/** yyyy-mm-dd plus or minus whole days (calendar days: no time zone applies). */
export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** "26" as 2026 when that is not after this year, else 1926: a two-digit year is a birth or a recent day. */
function fullYear(typed: string, today: string): number {
  if (typed.length !== 2) return Number(typed);
  const thisYear = Number(today.slice(0, 4));
  const guess = Math.floor(thisYear / 100) * 100 + Number(typed);
  return guess > thisYear ? guess - 100 : guess;
}

/**
 * Which way a date without a year (or a bare weekday) leans: a form asks about what has happened
 * (an incident) or who was born, so "past"; a timetable asks about what is coming, so "ahead".
 */
export type DateLean = 'past' | 'ahead';

/** A day and month without a year: the latest on or before `today`, or the first on or after it. */
function nearestYear(
  month: number,
  day: number,
  today: string,
  lean: DateLean,
): string | undefined {
  const year = Number(today.slice(0, 4));
  const thisYear = calendarDate(year, month, day);
  if (thisYear && (lean === 'ahead' ? thisYear >= today : thisYear <= today)) return thisYear;
  // Year by year to the nearest that has the day: 29 February comes round within eight years.
  const step = lean === 'ahead' ? 1 : -1;
  for (let years = 1; years <= 8; years += 1) {
    const date = calendarDate(year + step * years, month, day);
    if (date) return date;
  }
  return undefined;
}

/** The weekday of a yyyy-mm-dd day. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 = Sunday; weekdays[] starts on Monday.
  return weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? 'Monday';
}

/** A weekday word as people write it ("tue", "Tuesday", "thurs"), never "we" or "7". */
export function weekdayWord(word: string): Weekday | undefined {
  return /^[a-z]{3,}\.?$/.test(word) ? readWeekday(word) : undefined;
}

/**
 * `weekday` near `today`: "last" is the latest before today, "next" the first after it, "this"
 * the one of this week (Monday to Sunday); bare, it leans as the asker's question does.
 */
function weekdayNear(
  weekday: Weekday,
  today: string,
  which: 'last' | 'next' | 'this' | undefined,
  lean: DateLean,
): string {
  const ahead = (weekdays.indexOf(weekday) - weekdays.indexOf(weekdayOf(today)) + 7) % 7;
  const behind = (7 - ahead) % 7;
  if (which === 'next') return addDays(today, ahead === 0 ? 7 : ahead);
  if (which === 'last') return addDays(today, -(behind === 0 ? 7 : behind));
  if (which === 'this')
    return addDays(today, weekdays.indexOf(weekday) - weekdays.indexOf(weekdayOf(today)));
  return lean === 'ahead' ? addDays(today, ahead) : addDays(today, -behind);
}

/** Words that name a day by itself, from the club's today. */
const dayWords: ReadonlyMap<string, number> = new Map([
  ['today', 0],
  ['tonight', 0],
  ['now', 0],
  ['yesterday', -1],
  ['tomorrow', 1],
]);

/**
 * Reads a date as a volunteer types it, the British way round: 2026-11-26, 26/11/2026, 26/11/26,
 * 26.11.2026, "26 Nov", "Thu 26 November 2026", today, tonight, yesterday, tomorrow, "tuesday",
 * "last tuesday", "next fri". `today` is the club's (yyyy-mm-dd); a date without a year and a bare
 * weekday lean the `lean` way (default "past", as forms ask). Undefined when it is not a real date.
 */
export function readDate(
  typed: string,
  today: string,
  lean: DateLean = 'past',
): string | undefined {
  const text = typed.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  const offset = dayWords.get(text);
  if (offset !== undefined) return addDays(today, offset);
  const relative = /^(?:(last|next|this|on) )?([a-z]{3,}\.?)$/.exec(text);
  const weekday = relative?.[2] ? weekdayWord(relative[2]) : undefined;
  if (weekday) {
    const which = relative?.[1] === 'on' ? undefined : relative?.[1];
    return weekdayNear(weekday, today, which as 'last' | 'next' | 'this' | undefined, lean);
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(text);
  if (numeric) {
    const [day, month] = [Number(numeric[1]), Number(numeric[2])];
    return numeric[3] === undefined
      ? nearestYear(month, day, today, lean)
      : calendarDate(fullYear(numeric[3], today), month, day);
  }
  // An optional weekday first, as the bot shows dates back ("Thu 26 Nov"); any other word
  // ("minnows 28 dec") is no part of the date.
  const named =
    /^(?:([a-z]{3,9}\.?) )?(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,9})(?: (\d{2}|\d{4}))?$/.exec(text);
  if (named?.[1] !== undefined && !weekdayWord(named[1])) return undefined;
  const month = named ? monthWord(named[3] ?? '') : 0;
  if (!named || month === 0) return undefined;
  const day = Number(named[2]);
  return named[4] === undefined
    ? nearestYear(month, day, today, lean)
    : calendarDate(fullYear(named[4], today), month, day);
}

const namedTimes: ReadonlyMap<string, string> = new Map([
  ['noon', '12:00'],
  ['midday', '12:00'],
  ['midnight', '00:00'],
]);

/**
 * Reads a time of day as people write it: "18:30", "6.30pm", "6pm", "6:30 pm" (the "pm" may be
 * the next word, `next`), "noon", "midnight" → "18:30"; `used` is how many words it took.
 * A bare number ("6") is no time: it could be a page, a lane or a date.
 */
export function readClockTime(
  word: string,
  next?: string,
): { time: string; used: number } | undefined {
  const named = namedTimes.get(word);
  if (named) return { time: named, used: 1 };
  const joined = next === 'am' || next === 'pm' ? `${word}${next}` : word;
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/.exec(joined);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (match[3] && (hour < 1 || hour > 12)) return undefined;
  if (match[3] === 'pm' && hour < 12) hour += 12;
  if (match[3] === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { time, used: joined === word ? 1 : 2 };
}
