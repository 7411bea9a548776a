/** Calendar arithmetic on yyyy-mm-dd days (no time zone applies to a calendar day). */

const dayMs = 86_400_000;

function toUtc(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(toUtc(day) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / dayMs);
}

/** The Sunday that ends the week (Monday to Sunday) of `day`. */
export function endOfWeek(day: string): string {
  // getUTCDay: 0 = Sunday.
  const weekday = new Date(toUtc(day)).getUTCDay();
  return addDays(day, (7 - weekday) % 7);
}

/** "in 12 days", "today", "3 days ago". */
export function relativeDays(from: string, to: string): string {
  const days = daysFromTo(from, to);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 0) return `in ${days} days`;
  return days === -1 ? 'yesterday' : `${-days} days ago`;
}
