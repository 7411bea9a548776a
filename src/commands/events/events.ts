import type { ClubEvent } from '../../club/domain.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge } from '../../core/data-age.js';
import type { Reply } from '../../core/reply.js';
import { entryState, limitedTable, upcoming } from './upcoming.js';

/** Pure: the club's events from `today` (yyyy-mm-dd, the club's) on, soonest first. */
export function eventsReply(events: readonly ClubEvent[], today: string): Reply {
  const coming = upcoming(events, today);
  if (coming.length === 0) {
    return {
      title: 'Upcoming events',
      sections: [{ kind: 'text', text: 'No club events are coming up.' }],
      visibility: 'asker',
      personalData: false,
    };
  }
  const rows = coming.map((event) => [
    event.title,
    event.startTime
      ? `${formatDay(event.startDate, today)} ${event.startTime}`
      : formatDay(event.startDate, today),
    [event.venue, event.pool].filter(Boolean).join(', ') || 'Not known',
    entryState(today, event.entryCloseDate),
  ]);
  return {
    title: 'Upcoming events',
    sections: limitedTable(['Event', 'When', 'Where', 'Entries'], rows),
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

export const events = {
  kind: 'query',
  name: 'events',
  description: "The club's upcoming events with their entry closing dates.",
  options: [],
  examples: ['/events'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ data, now, timezone }) {
    const all = await data.events();
    return { ...eventsReply(all.value, clubToday(now, timezone)), footer: dataAge([all], now) };
  },
} satisfies CommandDefinition;
