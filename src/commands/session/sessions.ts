import { type ClubSession, weekdays } from '../../club/domain.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, type Reply, type ReplySection } from '../../core/reply.js';
import {
  inTimetableOrder,
  matchSessions,
  noSessionDaysAhead,
} from '../../club/time/match-sessions.js';
import { countAgainstMax } from './roster-reply.js';
import { clubToday } from '../../club/time/club-time.js';
import { cancelledSections, noSessionReply, timeRange } from './session-menu.js';
import { emptyListReply, postableReply } from '../list-replies.js';

/**
 * "17:30–18:30 Juniors, Riverside Pool (14 / 20)": one short line, the day left to its heading;
 * with `today`, its no-session days in the next six weeks ("no session on Mon 28 Dec").
 */
function line(session: ClubSession, today?: string): string {
  const day = session.weekday ?? '';
  const name = session.name.replace(new RegExp(`^${day}\\s+`, 'i'), '') || session.name;
  const place = session.location ? `, ${session.location}` : '';
  const off = today ? noSessionDaysAhead(session, today) : [];
  const none = off.length > 0 ? `; no session on ${off.join(', ')}` : '';
  return `${timeRange(session)} ${name}${place} (${countAgainstMax(session)})${none}`;
}

/**
 * Pure: the timetable of `shown` (no names of people: anyone may see it), a section per day.
 * With `today`, each line names its coming no-session days; `extra` sections follow.
 */
export function sessionsReply(
  shown: readonly ClubSession[],
  title = 'Weekly timetable',
  today?: string,
  extra: readonly ReplySection[] = [],
): Reply {
  const running = inTimetableOrder(shown.filter((session) => !session.archived));
  if (running.length === 0) return emptyListReply(title, 'No sessions are listed.');
  const days = [...weekdays, undefined].flatMap((day): ReplySection[] => {
    const onDay = running.filter((session) => session.weekday === day);
    if (onDay.length === 0) return [];
    const items = onDay.map((session) => line(session, today));
    return [{ kind: 'list', title: day ?? 'Day not known', items }];
  });
  return postableReply(title, [...days, ...extra]);
}

export const sessions = {
  kind: 'query',
  name: 'sessions',
  description: 'The weekly timetable of sessions (no names); add a day or time to narrow it.',
  options: [
    {
      name: 'when',
      description: 'now, tonight, tomorrow, friday, 28 Dec, "this weekend", 18:30 or a squad',
      required: false,
      rest: true,
    },
  ],
  examples: ['/sessions', '/sessions tomorrow', '/sessions 28 Dec', '/sessions this weekend'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ options, data, now, timezone }) {
    const all = await data.sessions();
    const footer = dataAge([all], now);
    const today = clubToday(now, timezone);
    const match = matchSessions(all.value, options.when ?? '', now, timezone);
    if (match.kind === 'next') return { ...sessionsReply(all.value, undefined, today), footer };
    if (match.kind === 'unknown') return noSessionReply(match, all.value, today);
    if (match.kind === 'none-that-day')
      return { ...noSessionReply(match, all.value, today), footer };
    const notes = cancelledSections(match.cancelled, today);
    return {
      ...sessionsReply(match.sessions, `Sessions: ${match.label}`, undefined, notes),
      footer,
    };
  },
} satisfies CommandDefinition;
