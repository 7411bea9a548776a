import type { ClubSession, Member } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import { formatDay } from './club-time.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { displayName } from './display-name.js';
import { inTimetableOrder, matchSessions, type SessionMatch } from './match-sessions.js';
import { membersByGuid } from './members-by-guid.js';
import type { Reply, ReplySection } from './reply.js';

/** Pure: the roster of the sessions `when` names, or the choices when it names none. */
export function sessionReply(
  match: SessionMatch,
  sessions: readonly ClubSession[],
  members: readonly Member[],
  when: string,
): Reply {
  if (match.kind === 'unknown') return choicesReply(sessions, when);
  if (match.kind === 'none-that-day') {
    return {
      title: `Sessions: ${match.label}`,
      sections: [{ kind: 'text', text: `No sessions run ${noSessionsWhen(match.label)}.` }],
      visibility: 'asker',
      personalData: false,
      tone: 'info',
    };
  }
  const byGuid = membersByGuid(members);
  return {
    title: `Sessions: ${match.label}`,
    sections: match.sessions.flatMap((session) => rosterSections(session, byGuid)),
    visibility: 'asker',
    personalData: true,
    audit: {
      members: [
        ...new Set(
          match.sessions.flatMap((session) => session.members.map((swimmer) => swimmer.guid)),
        ),
      ],
      fieldGroups: ['roster'],
    },
  };
}

/** "today (Sunday)" or "on Sunday". */
function noSessionsWhen(label: string): string {
  return /^(Today|Tonight)/.test(label)
    ? label.charAt(0).toLowerCase() + label.slice(1)
    : `on ${label}`;
}

function rosterSections(session: ClubSession, byGuid: ReadonlyMap<string, Member>): ReplySection[] {
  const nameOf = (guid: string) => {
    const member = byGuid.get(guid);
    if (!member) return 'Unknown member';
    return member.active ? displayName(member) : `${displayName(member)} (left the club)`;
  };
  const coaches = session.coaches.map((coach) => nameOf(coach.guid));
  const swimmers = session.members
    .map((swimmer) => ({ name: nameOf(swimmer.guid), lastAttended: swimmer.lastAttended }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return [
    {
      kind: 'fields',
      title: session.name,
      fields: [
        { label: 'Day', value: session.weekday ?? 'Not known' },
        { label: 'Time', value: timeRange(session) },
        { label: 'Place', value: session.location ?? 'Not known' },
        { label: 'Coaches', value: coaches.length > 0 ? coaches.join(', ') : 'None listed' },
        { label: 'Swimmers', value: countAgainstMax(session) },
      ],
    },
    swimmers.length > 0
      ? {
          kind: 'table',
          columns: ['Swimmer', 'Last attended'],
          rows: swimmers.map((swimmer) => [
            swimmer.name,
            swimmer.lastAttended ? formatDay(swimmer.lastAttended) : 'Not recorded',
          ]),
        }
      : { kind: 'text', text: 'No swimmers are listed for this session.' },
  ];
}

/** "18:00–19:15", or what is known of it. */
export function timeRange(session: Pick<ClubSession, 'startTime' | 'endTime'>): string {
  if (session.startTime && session.endTime) return `${session.startTime}–${session.endTime}`;
  return session.startTime ?? 'Time not known';
}

/** "14 / 20", or "14" when the session has no maximum. */
export function countAgainstMax(session: Pick<ClubSession, 'members' | 'maxMembers'>): string {
  const count = session.members.length;
  return session.maxMembers === undefined ? `${count}` : `${count} / ${session.maxMembers}`;
}

function choicesReply(sessions: readonly ClubSession[], when: string): Reply {
  const names = [
    ...new Set(inTimetableOrder(sessions.filter((s) => !s.archived)).map((s) => s.name)),
  ];
  return {
    title: 'Which session?',
    sections: [
      { kind: 'text', text: `"${when.trim()}" is not a day or a session name I know.` },
      { kind: 'list', title: 'Days', items: ['today', 'tonight', ...weekdays] },
      ...(names.length > 0 ? [{ kind: 'list' as const, title: 'Sessions', items: names }] : []),
    ],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}

export const session = {
  kind: 'query',
  name: 'session',
  description: "A session's roster: swimmers, coaches, time, place, count.",
  options: [
    {
      name: 'when',
      description: 'today, tonight, a weekday or a session name',
      required: true,
      rest: true,
      autocomplete: 'sessions',
    },
  ],
  roles: ['coach', 'welfare', 'committee'],
  personalData: true,
  needsClub: true,
  async handle({ options, data, now, timezone }) {
    const when = options.when ?? '';
    const [sessions, members] = await Promise.all([data.sessions(), data.members()]);
    const match = matchSessions(sessions.value, when, now, timezone);
    const reply = sessionReply(match, sessions.value, members.value, when);
    return { ...reply, footer: dataAge([sessions, members], now) };
  },
} satisfies CommandDefinition;
