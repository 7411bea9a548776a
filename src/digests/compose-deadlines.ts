import type { ClubEvent, Meet } from '../club/domain.js';
import { formatDay } from '../club/time/club-time.js';
import { relativeDays } from './calendar-days.js';

/** A meet's entry deadline or an event's entry close. */
export interface Deadline {
  date: string;
  what: string;
  kind: 'meet' | 'event';
  starts: string;
}

/** Pure: meet entry deadlines and event entry closes from `from` to `to` (inclusive), soonest first. */
export function deadlinesBetween(
  meets: readonly Meet[],
  events: readonly ClubEvent[],
  from: string,
  to: string,
): Deadline[] {
  const within = (date: string | undefined): date is string =>
    date !== undefined && date >= from && date <= to;
  return [
    ...meets.flatMap((meet) =>
      within(meet.entryDeadline)
        ? [
            {
              date: meet.entryDeadline,
              what: meet.name,
              kind: 'meet' as const,
              starts: meet.startDate,
            },
          ]
        : [],
    ),
    ...events.flatMap((event) =>
      within(event.entryCloseDate)
        ? [
            {
              date: event.entryCloseDate,
              what: event.title,
              kind: 'event' as const,
              starts: event.startDate,
            },
          ]
        : [],
    ),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.what.localeCompare(b.what));
}

/** "Fri 13 Mar 2026 (in 3 days): Spring Open, meet starting Sat 28 Mar 2026". */
export function deadlineLine(deadline: Deadline, today: string): string {
  return `${formatDay(deadline.date)} (${relativeDays(today, deadline.date)}): ${deadline.what}, ${deadline.kind} starting ${formatDay(deadline.starts)}`;
}
