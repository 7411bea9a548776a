import { readClockTime, isCalendarDate, readDate } from './read-date.js';

/** A start and an end, each a date (yyyy-mm-dd) and a time (HH:mm). */
export interface Period {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** What a period the bot cannot read is told: examples, as a volunteer would type them. */
export const notAPeriod =
  'is not a start and end I know: try "Sat 14 Mar 09:00–17:00" or "14/03 18:00 to 15/03 12:00".';

/** A period as the bot files and shows it back; it reads again as the same period. */
export function formatPeriod(period: Period): string {
  return `${period.startDate} ${period.startTime} to ${period.endDate} ${period.endTime}`;
}

/** The start of a period written by {@link formatPeriod} (yyyy-mm-dd), or undefined. */
export function periodStartDate(value: string): string | undefined {
  const start = value.slice(0, 10);
  return isCalendarDate(start) ? start : undefined;
}

/** "14 mar 09:00" → the date and time; `sameDay` fills in a date when only a time is given. */
function readMoment(
  words: string[],
  today: string | undefined,
  sameDay?: string,
): { date: string; time: string } | undefined {
  // The time is at the end, one word ("6pm", "18:30") or two ("6 pm").
  for (const used of [2, 1]) {
    if (words.length < used) continue;
    const [word, next] = words.slice(-used);
    const read = readClockTime(word ?? '', used === 2 ? next : undefined);
    if (!read || read.used !== used) continue;
    const dateWords = words.slice(0, -used).join(' ');
    const date = dateWords === '' ? sameDay : readDay(dateWords, today);
    return date ? { date, time: read.time } : undefined;
  }
  return undefined;
}

function readDay(text: string, today: string | undefined): string | undefined {
  if (today) return readDate(text, today, 'ahead');
  return isCalendarDate(text) ? text : undefined;
}

/**
 * Reads when something runs as people type it: "Sat 14 Mar 09:00–17:00", "14/03/2026 9am - 5pm",
 * "14 Mar 18:00 to 15 Mar 12:00", or its own form "2026-03-14 09:00 to 2026-03-14 17:00". A day
 * without a year is the next one from `today` (yyyy-mm-dd; without it only full dates are read).
 * Gives the problem in words when it cannot: no time, no end, an end before the start.
 */
export function readPeriod(typed: string, today: string | undefined): Period | string {
  const text = typed
    .trim()
    .toLowerCase()
    .replace(/,/g, ' ')
    .replace(/\s*[–—]\s*/g, ' to ')
    .replace(/\s+-\s+/g, ' to ')
    // "09:00-17:00", "9am-5pm": a hyphen between two times, not inside a date.
    .replace(/(\d[:.]\d{2}|\d(?:am|pm))-(\d)/g, '$1 to $2')
    .replace(/\s+/g, ' ');
  const parts = text.split(/ (?:to|until|till) /);
  if (parts.length !== 2) {
    return parts.length === 1 && readMoment(text.split(' '), today)
      ? 'needs an end as well, e.g. "Sat 14 Mar 09:00–17:00".'
      : notAPeriod;
  }
  const start = readMoment((parts[0] ?? '').split(' '), today);
  if (!start) return notAPeriod;
  const end = readMoment((parts[1] ?? '').split(' '), today, start.date);
  if (!end) return notAPeriod;
  const period = {
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  };
  if (`${end.date} ${end.time}` <= `${start.date} ${start.time}`)
    return 'ends before it starts: give the end after the start.';
  return period;
}
