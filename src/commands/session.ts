import type { ClubSession, Member } from '../club/domain.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { matchSessions } from './match-sessions.js';
import type { Reply, ReplyAction, ReplySection } from './reply.js';
import { noRosterReply, rosterAccess, withheldSection } from './roster-access.js';
import { noSessionReply, sessionMenuReply, sessionWhen, timeRange } from './session-menu.js';
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

/** Pure: one session's roster (page `page` of a long one): its details, then its swimmers. */
export function rosterReply(session: ClubSession, members: readonly Member[], page = 1): Reply {
  const roster = sessionRoster(session, members);
  const pages = Math.max(1, pageCount(roster.swimmers.length));
  const shownPage = Math.min(page, pages);
  const swimmers = pageOf(roster.swimmers, shownPage);
  return {
    title: `${session.name}${pages > 1 ? ` (page ${shownPage} of ${pages})` : ''}`,
    sections: [detailsSection(session, roster), swimmersSection(roster, swimmers, shownPage)],
    visibility: 'asker',
    personalData: true,
    actions: pageActions(session, shownPage, pages),
    audit: { members: swimmers.map((swimmer) => swimmer.guid), fieldGroups: ['roster'] },
  };
}

const pageCount = (swimmers: number) => Math.ceil(swimmers / rosterPageSize);

function pageOf(swimmers: readonly RosterSwimmer[], page: number): readonly RosterSwimmer[] {
  return swimmers.slice((page - 1) * rosterPageSize, page * rosterPageSize);
}

function detailsSection(session: ClubSession, roster: SessionRoster): ReplySection {
  return {
    kind: 'fields',
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

/**
 * The swimmers of a page, summarised to fit a phone: their count, then their names grouped by
 * initial ("A: Alice Brown, Amy Cole"), A–Z.
 */
function swimmersSection(
  roster: SessionRoster,
  shown: readonly RosterSwimmer[],
  page: number,
): ReplySection {
  const count = roster.swimmers.length;
  if (count === 0) return { kind: 'text', text: 'No swimmers are listed for this session.' };
  const first = (page - 1) * rosterPageSize + 1;
  const groups = new Map<string, string[]>();
  for (const swimmer of shown) {
    const initial = swimmer.name.charAt(0).toUpperCase();
    groups.set(initial, [...(groups.get(initial) ?? []), swimmer.name]);
  }
  return {
    kind: 'list',
    title:
      count > rosterPageSize
        ? `Swimmers ${first}–${first + shown.length - 1} of ${count}`
        : `${count} swimmer${count === 1 ? '' : 's'}`,
    items: [...groups].map(([initial, names]) => `${initial}: ${names.join(', ')}`),
  };
}

/** Buttons to the previous and next page of the roster, as "/session <that session> page n". */
function pageActions(session: ClubSession, page: number, pages: number): ReplyAction[] | undefined {
  if (pages === 1) return undefined;
  const to = (target: number, id: string, label: string): ReplyAction => ({
    id,
    label: `${label} (page ${target} of ${pages})`,
    kind: 'run-command',
    command: 'session',
    args: `${sessionWhen(session)} page ${target}`,
  });
  return [
    ...(page > 1 ? [to(page - 1, 'roster-previous', 'Previous swimmers')] : []),
    ...(page < pages ? [to(page + 1, 'roster-next', 'More swimmers')] : []),
  ];
}

/** "14 / 20", or "14" when the session has no maximum. */
export function countAgainstMax(session: Pick<ClubSession, 'members' | 'maxMembers'>): string {
  const count = session.members.length;
  return session.maxMembers === undefined ? `${count}` : `${count} / ${session.maxMembers}`;
}

export const session = {
  kind: 'query',
  name: 'session',
  description: "A session's roster: swimmers, coaches, time, place, count.",
  options: [
    {
      name: 'when',
      description:
        'today, tonight, tomorrow, a weekday, "friday evening", 18:30 or a squad; "page 2" for more',
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
    if (match.kind === 'unknown') return noSessionReply(match, sessions.value);
    if (match.kind === 'none-that-day') return { ...noSessionReply(match, sessions.value), footer };
    const { shown, withheld } = rosterAccess(asker, match.sessions);
    const [only] = shown;
    if (!only) return { ...noRosterReply(match.label, withheld, asker), footer };
    const reply =
      shown.length === 1
        ? rosterReply(only, members.value, page)
        : sessionMenuReply(match.label, shown);
    const note = withheld.length > 0 ? [withheldSection(withheld)] : [];
    return { ...reply, sections: [...(reply.sections ?? []), ...note], footer };
  },
} satisfies CommandDefinition;
