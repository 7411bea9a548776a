import { formatDay } from '../../club/time/club-time.js';
import type { ReplySection } from '../../core/reply.js';

/** Most rows a list of events or meets shows; the rest are counted ("and 4 more"). */
export const upcomingLimit = 15;

/** Items starting today or later (yyyy-mm-dd compare), soonest first. */
export function upcoming<T extends { startDate: string; startTime?: string }>(
  items: readonly T[],
  today: string,
): T[] {
  return items
    .filter((item) => item.startDate >= today)
    .sort(
      (a, b) =>
        a.startDate.localeCompare(b.startDate) ||
        (a.startTime ?? '').localeCompare(b.startTime ?? ''),
    );
}

/** A table of at most `upcomingLimit` rows, and a line counting the rest. */
export function limitedTable(columns: string[], rows: string[][]): ReplySection[] {
  const more = rows.length - upcomingLimit;
  return [
    { kind: 'table', columns, rows: rows.slice(0, upcomingLimit) },
    ...(more > 0 ? [{ kind: 'text' as const, text: `and ${more} more` }] : []),
  ];
}

/** "Entries closed", "Entries close today", "Entries close Tue 3 Mar 2026", "Entries open …". */
export function entryState(today: string, closes?: string, opens?: string): string {
  if (closes !== undefined && closes < today) return 'Entries closed';
  if (opens !== undefined && opens > today) {
    return closes
      ? `Entries open ${formatDay(opens, today)}, close ${formatDay(closes, today)}`
      : `Entries open ${formatDay(opens, today)}`;
  }
  if (closes === undefined) return 'No closing date';
  return closes === today ? 'Entries close today' : `Entries close ${formatDay(closes, today)}`;
}
