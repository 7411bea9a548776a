import type { ClubSession } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { inTimetableOrder, matchSessions } from './match-sessions.js';
import type { Reply, ReplySection } from './reply.js';
import { countAgainstMax } from './session.js';
import { noSessionReply, timeRange } from './session-menu.js';

/** "17:30–18:30 Juniors, Riverside Pool (14 / 20)": one short line, the day left to its heading. */
function line(session: ClubSession): string {
  const day = session.weekday ?? '';
  const name = session.name.replace(new RegExp(`^${day}\\s+`, 'i'), '') || session.name;
  const place = session.location ? `, ${session.location}` : '';
  return `${timeRange(session)} ${name}${place} (${countAgainstMax(session)})`;
}

/** Pure: the timetable of `shown` (no names of people: anyone may see it), a section per day. */
export function sessionsReply(shown: readonly ClubSession[], title = 'Weekly timetable'): Reply {
  const running = inTimetableOrder(shown.filter((session) => !session.archived));
  if (running.length === 0) {
    return {
      title,
      sections: [{ kind: 'text', text: 'No sessions are listed.' }],
      visibility: 'asker',
      personalData: false,
    };
  }
  const days = [...weekdays, undefined].flatMap((day): ReplySection[] => {
    const onDay = running.filter((session) => session.weekday === day);
    if (onDay.length === 0) return [];
    return [{ kind: 'list', title: day ?? 'Day not known', items: onDay.map(line) }];
  });
  return {
    title,
    sections: days,
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

export const sessions = {
  kind: 'query',
  name: 'sessions',
  description: 'The weekly timetable of sessions (no names); add a day or time to narrow it.',
  options: [
    {
      name: 'when',
      description: 'today, tonight, tomorrow, a weekday, "friday evening" or a squad',
      required: false,
      rest: true,
    },
  ],
  examples: ['/sessions', '/sessions tomorrow'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ options, data, now, timezone }) {
    const all = await data.sessions();
    const footer = dataAge([all], now);
    if (!options.when) return { ...sessionsReply(all.value), footer };
    const match = matchSessions(all.value, options.when, now, timezone);
    if (match.kind === 'unknown') return noSessionReply(match, all.value);
    if (match.kind === 'none-that-day') return { ...noSessionReply(match, all.value), footer };
    return { ...sessionsReply(match.sessions, `Sessions: ${match.label}`), footer };
  },
} satisfies CommandDefinition;
