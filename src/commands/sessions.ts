import type { ClubSession, Weekday } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { inTimetableOrder } from './match-sessions.js';
import type { Reply } from './reply.js';
import { countAgainstMax, timeRange } from './session.js';

/** Pure: the weekly timetable, or one day of it. No names: anyone may see it. */
export function sessionsReply(sessions: readonly ClubSession[], weekday?: Weekday): Reply {
  const shown = inTimetableOrder(
    sessions.filter(
      (session) => !session.archived && (weekday === undefined || session.weekday === weekday),
    ),
  );
  const title = weekday ? `Sessions on ${weekday}` : 'Weekly timetable';
  if (shown.length === 0) {
    return {
      title,
      sections: [
        {
          kind: 'text',
          text: weekday ? `No sessions run on ${weekday}.` : 'No sessions are listed.',
        },
      ],
      visibility: 'asker',
      personalData: false,
    };
  }
  return {
    title,
    sections: [
      {
        kind: 'table',
        columns: ['Day', 'Time', 'Session', 'Place', 'Swimmers'],
        rows: shown.map((session) => [
          session.weekday ?? 'Not known',
          timeRange(session),
          session.name,
          session.location ?? 'Not known',
          countAgainstMax(session),
        ]),
      },
    ],
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

export const sessions = {
  kind: 'query',
  name: 'sessions',
  description: 'The weekly timetable of sessions (no names); add a day to narrow it.',
  options: [
    {
      name: 'weekday',
      description: 'A day of the week',
      required: false,
      choices: weekdays.map((day) => ({ name: day, value: day })),
    },
  ],
  examples: ['/sessions', '/sessions tomorrow'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ options, data, now }) {
    const all = await data.sessions();
    const weekday = weekdays.find((day) => day === options.weekday);
    return { ...sessionsReply(all.value, weekday), footer: dataAge([all], now) };
  },
} satisfies CommandDefinition;
