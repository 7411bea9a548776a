import { type ClubSession, weekdays } from '../../club/domain.js';
import {
  type DatedSession,
  type SessionMatch,
  noSessionLine,
} from '../../club/time/match-sessions.js';
import type { Reply, ReplyAction, ReplySection } from '../../core/reply.js';
import type { Asker } from '../../core/chat-user.js';
import { unlinkedReason } from '../../core/unlinked-reason.js';
import { namesOf } from '../../access/club-contacts.js';
import type { ClubContacts } from '../../core/club-data.js';
import { fitRefusal } from '../../access/refusal-reply.js';

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

const whoSees =
  'Rosters are shown to the coaches of each session, the head coach and the welfare officer.';

/**
 * Pure: which of `sessions` the asker may see the roster of. Everything with the policy's
 * `all_rosters` (head coach and welfare by default); else the sessions they coach.
 */
export function rosterAccess(
  asker: Pick<Asker, 'memberGuid' | 'sees'>,
  sessions: readonly ClubSession[],
): { shown: ClubSession[]; withheld: ClubSession[] } {
  const mine = (session: ClubSession) =>
    asker.sees?.allRosters === true ||
    (asker.memberGuid !== undefined &&
      session.coaches.some((coach) => coach.guid === asker.memberGuid));
  return {
    shown: sessions.filter(mine),
    withheld: sessions.filter((session) => !mine(session)),
  };
}

/** The note under the rosters shown, naming the sessions asked for whose rosters are not. */
export function withheldSection(withheld: readonly ClubSession[]): ReplySection {
  return {
    kind: 'text',
    text: `Not shown: ${withheld.map((session) => session.name).join(', ')}. ${whoSees}`,
  };
}

/** Pure: the reply when none of the sessions asked for is one the asker may see the roster of. */
export function noRosterReply(
  label: string,
  withheld: readonly ClubSession[],
  asker: Pick<Asker, 'memberGuid' | 'unlinkedBecause'>,
): Reply {
  const unknown =
    asker.memberGuid === undefined
      ? (unlinkedReason(asker) ??
        'The bot does not know which club member you are, so it cannot tell which sessions you coach.')
      : `You coach none of them: ${withheld.map((session) => session.name).join(', ')}.`;
  return {
    title: `Sessions: ${label}`,
    sections: [{ kind: 'text', text: `${whoSees} ${unknown}` }],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}

/**
 * Pure: whether the asker may see the poolside sheet of `session`: the welfare officer, the head
 * coach, and the coaches of that session while it runs. By role, not the policy's `all_rosters`:
 * a club that widens who sees rosters does not widen who sees health notes with it.
 */
export function maySeeSheet(
  asker: Pick<Asker, 'roles' | 'memberGuid'>,
  session: ClubSession,
): boolean {
  if (asker.roles.includes('welfare') || asker.roles.includes('head-coach')) return true;
  return (
    asker.memberGuid !== undefined &&
    !session.archived &&
    session.coaches.some((coach) => coach.guid === asker.memberGuid)
  );
}

/** Pure: the refusal, naming who may see a sheet and whom to ask, under the refusal limit. */
export function sheetRefusalReply(contacts: ClubContacts | undefined): Reply {
  const text = fitRefusal((most) => {
    const ask = namesOf(contacts, ['welfare', 'head-coach'], most);
    return `A poolside sheet is for the coaches of that session, the head coach and the welfare officer.${ask ? ` Ask ${ask}.` : ''}`;
  });
  return {
    title: 'Poolside sheet',
    sections: [{ kind: 'text', text }],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
