const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

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
 * A day without a year is the latest one on or before `today`: the forms ask about what has
 * happened (an incident) or who was born, never about plans.
 */
function latestNotAfter(month: number, day: number, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  const thisYear = calendarDate(year, month, day);
  if (thisYear && thisYear <= today) return thisYear;
  return calendarDate(year - 1, month, day) ?? calendarDate(year - 4, month, day);
}

/**
 * Reads a date as a volunteer types it, the British way round: 2026-11-26, 26/11/2026, 26/11/26,
 * 26.11.2026, "26 Nov", "Thu 26 November 2026", today, yesterday. `today` is the club's
 * (yyyy-mm-dd). Undefined when it is not a real date.
 */
export function readDate(typed: string, today: string): string | undefined {
  const text = typed.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  if (text === 'today') return today;
  if (text === 'yesterday') return addDays(today, -1);
  if (text === 'tomorrow') return addDays(today, 1);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(text);
  if (numeric) {
    const [day, month] = [Number(numeric[1]), Number(numeric[2])];
    return numeric[3] === undefined
      ? latestNotAfter(month, day, today)
      : calendarDate(fullYear(numeric[3], today), month, day);
  }
  // An optional weekday first, as the bot shows dates back ("Thu 26 Nov").
  const named = /^(?:[a-z]{3,9} )?(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,9})(?: (\d{2}|\d{4}))?$/.exec(
    text,
  );
  const month = named ? months.indexOf(named[2]?.slice(0, 3) ?? '') + 1 : 0;
  if (!named || month === 0) return undefined;
  const day = Number(named[1]);
  return named[3] === undefined
    ? latestNotAfter(month, day, today)
    : calendarDate(fullYear(named[3], today), month, day);
}
