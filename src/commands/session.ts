import type { ClubSession, Member } from '../club/domain.js';
import { weekdays } from '../club/domain.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { inTimetableOrder, matchSessions, type SessionMatch } from './match-sessions.js';
import type { Reply, ReplyAction, ReplySection } from './reply.js';
import { noRosterReply, rosterAccess, withheldSection } from './roster-access.js';
import { sessionRoster, type RosterSwimmer, type SessionRoster } from './session-roster.js';

/**
 * Most swimmers of one roster a reply lists; a longer roster is listed this many at a time, A–Z,
 * with buttons for the next and previous page. Fifty is a full pool session, so a club's usual
 * rosters are shown whole, and a huge one is not a wall of messages nobody reads.
 */
export const rosterPageSize = 50;

/** "Tuesday page 3" → Tuesday, page 3; anything else is page 1 of what was asked. */
export function readRosterPage(text: string): { when: string; page: number } {
  const paged = /^(.*\S)\s+page\s+(\d{1,4})\s*$/i.exec(text);
  return paged?.[1] && paged[2]
    ? { when: paged[1], page: Math.max(1, Number(paged[2])) }
    : { when: text, page: 1 };
}

/**
 * Pure: the rosters of the sessions `when` names (page `page` of the longer ones), or the choices
 * when it names none.
 */
export function sessionReply(
  match: SessionMatch,
  sessions: readonly ClubSession[],
  members: readonly Member[],
  when: string,
  page = 1,
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
  const rosters = match.sessions.map((session) => ({
    session,
    roster: sessionRoster(session, members),
  }));
  const pages = Math.max(1, ...rosters.map(({ roster }) => pageCount(roster.swimmers.length)));
  const shownPage = Math.min(page, pages);
  const shown = rosters.map(({ session, roster }) => rosterPage(session, roster, shownPage));
  return {
    title: `Sessions: ${match.label}${pages > 1 ? ` (page ${shownPage} of ${pages})` : ''}`,
    sections: shown.flatMap((page) => page.sections),
    visibility: 'asker',
    personalData: true,
    actions: pageActions(when, shownPage, pages),
    audit: {
      members: [...new Set(shown.flatMap((page) => page.members))],
      fieldGroups: ['roster'],
    },
  };
}

const pageCount = (swimmers: number) => Math.ceil(swimmers / rosterPageSize);

function pageOf(swimmers: readonly RosterSwimmer[], page: number): readonly RosterSwimmer[] {
  return swimmers.slice((page - 1) * rosterPageSize, page * rosterPageSize);
}

/** "today (Sunday)" or "on Sunday". */
function noSessionsWhen(label: string): string {
  return /^(Today|Tonight)/.test(label)
    ? label.charAt(0).toLowerCase() + label.slice(1)
    : `on ${label}`;
}

/** A roster page as a reply shows it: its session's details and table, and whose they are. */
interface RosterPage {
  sections: readonly ReplySection[];
  /** The Guids of the swimmers on the page, for the audit trail. */
  members: readonly string[];
}

/** A session's details and page `page` of its roster. */
function rosterPage(session: ClubSession, roster: SessionRoster, page: number): RosterPage {
  const swimmers = pageOf(roster.swimmers, page);
  return {
    sections: [detailsSection(session, roster), rosterSection(roster, swimmers, page)],
    members: swimmers.map((swimmer) => swimmer.guid),
  };
}

function detailsSection(session: ClubSession, roster: SessionRoster): ReplySection {
  return {
    kind: 'fields',
    title: session.name,
    fields: [
      { label: 'Day', value: session.weekday ?? 'Not known' },
      { label: 'Time', value: timeRange(session) },
      { label: 'Place', value: session.location ?? 'Not known' },
      {
        label: 'Coaches',
        value: roster.coaches.length > 0 ? roster.coaches.join(', ') : 'None listed',
      },
      { label: 'Swimmers', value: countAgainstMax(session) },
    ],
  };
}

function rosterSection(
  roster: SessionRoster,
  shown: readonly RosterSwimmer[],
  page: number,
): ReplySection {
  const count = roster.swimmers.length;
  if (count === 0) return { kind: 'text', text: 'No swimmers are listed for this session.' };
  if (shown.length === 0) {
    const pages = pageCount(count);
    return {
      kind: 'text',
      text: `All ${count} swimmers are on ${pages === 1 ? 'page 1' : `pages 1–${pages}`}.`,
    };
  }
  const first = (page - 1) * rosterPageSize + 1;
  return {
    kind: 'table',
    ...(count > rosterPageSize
      ? { title: `Swimmers ${first}–${first + shown.length - 1} of ${count}` }
      : {}),
    columns: ['Swimmer', 'Last attended'],
    rows: shown.map((swimmer) => [swimmer.name, swimmer.lastAttended]),
  };
}

/** Buttons to the previous and next page of the rosters, as "/session <when> page n". */
function pageActions(when: string, page: number, pages: number): ReplyAction[] | undefined {
  if (pages === 1) return undefined;
  const to = (target: number, id: string, label: string): ReplyAction => ({
    id,
    label: `${label} (page ${target} of ${pages})`,
    kind: 'run-command',
    command: 'session',
    args: `${when.trim()} page ${target}`,
  });
  return [
    ...(page > 1 ? [to(page - 1, 'roster-previous', 'Previous swimmers')] : []),
    ...(page < pages ? [to(page + 1, 'roster-next', 'More swimmers')] : []),
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
      description:
        'today, tonight, a weekday or a session name; add "page 2" for more of a long roster',
      required: true,
      rest: true,
      autocomplete: 'sessions',
    },
  ],
  examples: ['/session tonight', '/session minnows friday'],
  roles: ['coach', 'head-coach', 'welfare'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone }) {
    const { when, page } = readRosterPage(options.when ?? '');
    const [sessions, members] = await Promise.all([data.sessions(), data.members()]);
    const footer = dataAge([sessions, members], now);
    const match = matchSessions(sessions.value, when, now, timezone);
    if (match.kind !== 'found') {
      return { ...sessionReply(match, sessions.value, members.value, when, page), footer };
    }
    const { shown, withheld } = rosterAccess(asker, match.sessions);
    if (shown.length === 0) return { ...noRosterReply(match.label, withheld, asker), footer };
    const reply = sessionReply(
      { ...match, sessions: shown },
      sessions.value,
      members.value,
      when,
      page,
    );
    const sections = [
      ...(reply.sections ?? []),
      ...(withheld.length > 0 ? [withheldSection(withheld)] : []),
    ];
    return { ...reply, sections, footer };
  },
} satisfies CommandDefinition;
