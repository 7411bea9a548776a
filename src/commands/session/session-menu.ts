import type { ClubSession } from '../../club/domain.js';
import { weekdays } from '../../club/domain.js';
import type { DatedSession, SessionMatch } from '../../club/time/match-sessions.js';
import type { Reply, ReplyAction, ReplySection } from '../../core/reply.js';
import { noSessionLine } from '../../club/time/session-dates.js';

/** "18:00–19:15", or what is known of it. */
export function timeRange(session: Pick<ClubSession, 'startTime' | 'endTime'>): string {
  if (session.startTime && session.endTime) return `${session.startTime}–${session.endTime}`;
  return session.startTime ?? 'Time not known';
}

/** What to type for exactly this session: its day, start and name narrow to it alone. */
export function sessionWhen(session: ClubSession): string {
  return [session.weekday, session.startTime, session.name].filter(Boolean).join(' ');
}

/** The same on one date (yyyy-mm-dd), when known: "2026-12-04 Friday 18:00 Friday Minnows". */
export function datedSessionWhen(session: ClubSession, date?: string): string {
  return [date, sessionWhen(session)].filter(Boolean).join(' ');
}

/** A note of the sessions that would have matched but do not run that day, if any. */
export function cancelledSections(
  cancelled: readonly DatedSession[],
  today: string,
): ReplySection[] {
  if (cancelled.length === 0) return [];
  const items = cancelled.map((dated) => noSessionLine(dated, today));
  return [{ kind: 'list', title: 'Not running', items }];
}

/**
 * Pure: two or more sessions match: one short line each and a button each, no names of people.
 * Only sessions the asker may see the roster of are offered; `then` follows each button's
 * session (e.g. "sheet").
 */
export function sessionMenuReply(
  label: string,
  sessions: readonly ClubSession[],
  dates: ReadonlyMap<string, string> = new Map(),
  then?: string,
): Reply {
  const actions = sessions.map((session, index): ReplyAction => ({
    id: `session-${index}`,
    label: `${session.startTime ?? ''} ${session.name}`.trim(),
    kind: 'run-command',
    command: 'session',
    args: [datedSessionWhen(session, dates.get(session.guid)), then].filter(Boolean).join(' '),
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
  match: Extract<SessionMatch, { kind: 'none-that-day' | 'unknown' }>,
  sessions: readonly ClubSession[],
  today: string,
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
        ...cancelledSections(match.cancelled, today),
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
        text: `${typed ? `"${typed}" is not a day, time or squad I know. ` : ''}Try now, tonight, tomorrow, friday, 28/12, 28 Dec, "thursday evening", 18:30 or 6pm${squads ? `, or a squad: ${squads}` : ''}.`,
      },
    ],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
