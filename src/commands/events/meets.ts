import type { Meet } from '../../club/domain.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge } from '../../core/data-age.js';
import type { Reply } from '../../core/reply.js';
import { entryState, limitedTable, upcoming } from './upcoming.js';

/** Pure: swimming meets from `today` (yyyy-mm-dd, the club's) on, soonest first. */
export function meetsReply(meets: readonly Meet[], today: string): Reply {
  const coming = upcoming(meets, today);
  if (coming.length === 0) {
    return {
      title: 'Upcoming meets',
      sections: [{ kind: 'text', text: 'No meets are coming up.' }],
      visibility: 'asker',
      personalData: false,
    };
  }
  const rows = coming.map((meet) => [
    meet.type ? `${meet.name} (${meet.type})` : meet.name,
    meet.endDate && meet.endDate !== meet.startDate
      ? `${formatDay(meet.startDate, today)} to ${formatDay(meet.endDate, today)}`
      : formatDay(meet.startDate, today),
    [meet.facility, meet.city].filter(Boolean).join(', ') || 'Not known',
    entryState(today, meet.entryDeadline, meet.entryOpenDate),
  ]);
  return {
    title: 'Upcoming meets',
    sections: limitedTable(['Meet', 'When', 'Where', 'Entries'], rows),
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

export const meets = {
  kind: 'query',
  name: 'meets',
  description: 'Upcoming swimming meets with their entry deadlines.',
  options: [],
  examples: ['/meets'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ data, now, timezone }) {
    const all = await data.meets();
    return { ...meetsReply(all.value, clubToday(now, timezone)), footer: dataAge([all], now) };
  },
} satisfies CommandDefinition;
