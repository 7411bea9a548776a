import type { ClubEvent } from '../../club/domain.js';
import { formatDay } from '../../club/time/club-time.js';
import type { Reply } from '../../core/reply.js';
import { clubListQuery } from '../club-list-query.js';
import { emptyListReply, postableReply } from '../list-replies.js';
import { entryState, limitedTable, upcoming } from './upcoming.js';

/** Pure: the club's events from `today` (yyyy-mm-dd, the club's) on, soonest first. */
export function eventsReply(events: readonly ClubEvent[], today: string): Reply {
  const coming = upcoming(events, today);
  if (coming.length === 0)
    return emptyListReply('Upcoming events', 'No club events are coming up.');
  const rows = coming.map((event) => [
    event.title,
    event.startTime
      ? `${formatDay(event.startDate, today)} ${event.startTime}`
      : formatDay(event.startDate, today),
    [event.venue, event.pool].filter(Boolean).join(', ') || 'Not known',
    entryState(today, event.entryCloseDate),
  ]);
  return postableReply(
    'Upcoming events',
    limitedTable(['Event', 'When', 'Where', 'Entries'], rows),
  );
}

export const events = clubListQuery({
  name: 'events',
  description: "The club's upcoming events with their entry closing dates.",
  examples: ['/events'],
  roles: ['everyone'],
  personalData: false,
  read: (data) => data.events(),
  reply: eventsReply,
});
