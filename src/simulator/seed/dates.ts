import { WEEK_DAYS, type WeekDay } from './records.js';

/**
 * Calendar arithmetic on day numbers (whole days since 1970-01-01), which keeps the generator fast
 * and free of time zones; `formatDay` turns a day number into the wire's `yyyy-mm-dd`. The
 * conversions are Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian).
 */

interface Civil {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a `yyyy-mm-dd` date; throws RangeError for anything else. */
export function parseDay(iso: string): number {
  const match = ISO_DATE.exec(iso);
  const civil = { year: Number(match?.[1]), month: Number(match?.[2]), day: Number(match?.[3]) };
  if (match === null || civil.month < 1 || civil.month > 12 || civil.day < 1) {
    throw new RangeError(`not a yyyy-mm-dd date: ${iso}`);
  }
  if (civil.day > daysInMonth(civil.year, civil.month)) {
    throw new RangeError(`not a calendar date: ${iso}`);
  }
  return daysFromCivil(civil);
}

/** `yyyy-mm-dd` of a day number. */
export function formatDay(day: number): string {
  const { year, month, day: dayOfMonth } = civilFromDays(day);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${dayOfMonth < 10 ? '0' : ''}${dayOfMonth}`;
}

/** The same calendar date `years` later (or earlier); 29 February becomes the 28th. */
export function addYears(day: number, years: number): number {
  const { year, month, day: dayOfMonth } = civilFromDays(day);
  const target = year + years;
  return daysFromCivil({
    year: target,
    month,
    day: Math.min(dayOfMonth, daysInMonth(target, month)),
  });
}

/** The year of a day number. */
export function yearOf(day: number): number {
  return civilFromDays(day).year;
}

/** The weekday of a day number (1970-01-01 was a Thursday). */
export function weekDayOf(day: number): WeekDay {
  return WEEK_DAYS[(((day + 3) % 7) + 7) % 7] as WeekDay;
}

/** The latest day strictly before `day` that falls on `weekDay`. */
export function previousWeekDay(day: number, weekDay: WeekDay): number {
  const back = (WEEK_DAYS.indexOf(weekDayOf(day)) - WEEK_DAYS.indexOf(weekDay) + 7) % 7;
  return day - (back === 0 ? 7 : back);
}

/** The earliest day strictly after `day` that falls on `weekDay`. */
export function nextWeekDay(day: number, weekDay: WeekDay): number {
  const ahead = (WEEK_DAYS.indexOf(weekDay) - WEEK_DAYS.indexOf(weekDayOf(day)) + 7) % 7;
  return day + (ahead === 0 ? 7 : ahead);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function daysFromCivil({ year, month, day }: Civil): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): Civil {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1,
  };
}
