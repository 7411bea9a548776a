import type { ClubSession } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import type { SessionMatch } from './match-sessions.js';
import type { Reply, ReplyAction } from './reply.js';

/** "18:00–19:15", or what is known of it. */
export function timeRange(session: Pick<ClubSession, 'startTime' | 'endTime'>): string {
  if (session.startTime && session.endTime) return `${session.startTime}–${session.endTime}`;
  return session.startTime ?? 'Time not known';
}

/** What to type for exactly this session: its day, start and name narrow to it alone. */
export function sessionWhen(session: ClubSession): string {
  return [session.weekday, session.startTime, session.name].filter(Boolean).join(' ');
}

/**
 * Pure: two or more sessions match: one short line each and a button each, no names of people.
 * Only sessions the asker may see the roster of are offered.
 */
export function sessionMenuReply(label: string, sessions: readonly ClubSession[]): Reply {
  const actions = sessions.map((session, index): ReplyAction => ({
    id: `session-${index}`,
    label: `${session.startTime ?? ''} ${session.name}`.trim(),
    kind: 'run-command',
    command: 'session',
    args: sessionWhen(session),
  }));
  return {
    title: `${label}: ${sessions.length} sessions`,
    sections: [
      {
        kind: 'list',
        items: sessions.map((session) => `${timeRange(session)} ${session.name}`),
      },
      {
        kind: 'text',
        text: 'Which one? Choose it, or add a time or squad, e.g. /session tue 18:30',
      },
    ],
    visibility: 'asker',
    personalData: false,
    actions,
  };
}

/** The squads of the timetable: session names without their weekday ("Tuesday Juniors" → Juniors). */
function squadsOf(sessions: readonly ClubSession[]): string[] {
  const day = new RegExp(`\\b(${weekdays.join('|')})\\b`, 'gi');
  const names = sessions
    .filter((session) => !session.archived)
    .map((session) => session.name.replace(day, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return [...new Set(names)];
}

/** Pure: the answer when nothing matched: what was not understood and what would be, briefly. */
export function noSessionReply(
  match: Exclude<SessionMatch, { kind: 'found' }>,
  sessions: readonly ClubSession[],
): Reply {
  if (match.kind === 'none-that-day') {
    const elsewhere = [...new Set((match.elsewhere ?? []).map((s) => s.weekday ?? ''))];
    const days = elsewhere.filter(Boolean).join(', ');
    return {
      title: `Sessions: ${match.label}`,
      sections: [
        {
          kind: 'text',
          text: `No sessions run then (${match.label}).${days ? ` That squad swims on ${days}.` : ''}`,
        },
      ],
      visibility: 'asker',
      personalData: false,
      tone: 'info',
    };
  }
  const typed = match.words.join(' ');
  const squads = squadsOf(sessions).join(', ');
  return {
    title: 'Which session?',
    sections: [
      {
        kind: 'text',
        text: `${typed ? `"${typed}" is not a day, time or squad I know. ` : ''}Try today, tonight, tomorrow, a weekday, "thursday evening", a time such as 18:30${squads ? `, or a squad: ${squads}` : ''}.`,
      },
    ],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
