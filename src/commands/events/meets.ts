import type { Meet } from '../../club/domain.js';
import { formatDay } from '../../club/time/club-time.js';
import type { Reply } from '../../core/reply.js';
import { clubListQuery } from '../club-list-query.js';
import { emptyListReply, postableReply } from '../list-replies.js';
import { entryState, limitedTable, upcoming } from './upcoming.js';

/** Pure: swimming meets from `today` (yyyy-mm-dd, the club's) on, soonest first. */
export function meetsReply(meets: readonly Meet[], today: string): Reply {
  const coming = upcoming(meets, today);
  if (coming.length === 0) return emptyListReply('Upcoming meets', 'No meets are coming up.');
  const rows = coming.map((meet) => [
    meet.type ? `${meet.name} (${meet.type})` : meet.name,
    meet.endDate && meet.endDate !== meet.startDate
      ? `${formatDay(meet.startDate, today)} to ${formatDay(meet.endDate, today)}`
      : formatDay(meet.startDate, today),
    [meet.facility, meet.city].filter(Boolean).join(', ') || 'Not known',
    entryState(today, meet.entryDeadline, meet.entryOpenDate),
  ]);
  return postableReply('Upcoming meets', limitedTable(['Meet', 'When', 'Where', 'Entries'], rows));
}

export const meets = clubListQuery({
  name: 'meets',
  description: 'Upcoming swimming meets with their entry deadlines.',
  examples: ['/meets'],
  roles: ['everyone'],
  personalData: false,
  read: (data) => data.meets(),
  reply: meetsReply,
});
