import type { ClubSession, Member } from '../../club/domain.js';
import { formatDay } from '../../club/time/club-time.js';
import type { Reply, ReplyAction, ReplySection } from '../../core/reply.js';
import { datedSessionWhen, timeRange } from './session-menu.js';
import { isChild, displayName, membersByGuid } from '../../club/members/members-of.js';

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

/** The day a roster is for (yyyy-mm-dd), and the club's today to say it against. */
export interface RosterDay {
  date?: string;
  today: string;
}

/** Pure: one session's roster (page `page` of a long one): its day and details, then its swimmers. */
export function rosterReply(
  session: ClubSession,
  members: readonly Member[],
  page = 1,
  day?: RosterDay,
): Reply {
  const roster = sessionRoster(session, members);
  const pages = Math.max(1, pageCount(roster.swimmers.length));
  const shownPage = Math.min(page, pages);
  const swimmers = pageOf(roster.swimmers, shownPage);
  return {
    title: `${session.name}${pages > 1 ? ` (page ${shownPage} of ${pages})` : ''}`,
    sections: [
      detailsSection(session, roster, day),
      ...swimmersSections(roster, swimmers, shownPage, day?.today),
    ],
    visibility: 'asker',
    personalData: true,
    actions: pageActions(session, shownPage, pages, day?.date),
    audit: { members: swimmers.map((swimmer) => swimmer.guid), fieldGroups: ['roster'] },
  };
}

const pageCount = (swimmers: number) => Math.ceil(swimmers / rosterPageSize);

function pageOf(swimmers: readonly RosterSwimmer[], page: number): readonly RosterSwimmer[] {
  return swimmers.slice((page - 1) * rosterPageSize, page * rosterPageSize);
}

/** "Fri 27 Nov, 18:00–19:00, Riverside Leisure Centre" (or "Fridays, …" without a date). */
export function sessionWhenWhere(session: ClubSession, day?: RosterDay): string {
  const on = day?.date
    ? formatDay(day.date, day.today)
    : session.weekday
      ? `${session.weekday}s`
      : 'Day not known';
  return [on, timeRange(session), session.location ?? 'place not known'].join(', ');
}

function detailsSection(
  session: ClubSession,
  roster: SessionRoster,
  day?: RosterDay,
): ReplySection {
  return {
    kind: 'fields',
    fields: [
      { label: 'When', value: sessionWhenWhere(session, day) },
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
 * initial ("A: Alice Brown, Amy Cole (no P)"), A–Z; with `today`, a child without photo or video
 * consent on record is marked, and the key follows.
 */
function swimmersSections(
  roster: SessionRoster,
  shown: readonly RosterSwimmer[],
  page: number,
  today?: string,
): ReplySection[] {
  const count = roster.swimmers.length;
  if (count === 0) return [{ kind: 'text', text: 'No swimmers are listed for this session.' }];
  const first = (page - 1) * rosterPageSize + 1;
  const groups = new Map<string, string[]>();
  let marked = false;
  for (const swimmer of shown) {
    const initial = swimmer.name.charAt(0).toUpperCase();
    const marker = today ? consentMarker(swimmer.member, today) : '';
    marked ||= marker !== '';
    groups.set(initial, [...(groups.get(initial) ?? []), `${swimmer.name}${marker}`]);
  }
  const list: ReplySection = {
    kind: 'list',
    title:
      count > rosterPageSize
        ? `Swimmers ${first}–${first + shown.length - 1} of ${count}`
        : `${count} swimmer${count === 1 ? '' : 's'}`,
    items: [...groups].map(([initial, names]) => `${initial}: ${names.join(', ')}`),
  };
  return marked ? [list, { kind: 'text', text: consentKey }] : [list];
}

/** Buttons to the previous and next page of the roster, as "/session <that session> page n". */
function pageActions(
  session: ClubSession,
  page: number,
  pages: number,
  date?: string,
): ReplyAction[] | undefined {
  if (pages === 1) return undefined;
  const to = (target: number, id: string, label: string): ReplyAction => ({
    id,
    label: `${label} (page ${target} of ${pages})`,
    kind: 'run-command',
    command: 'session',
    args: `${datedSessionWhen(session, date)} page ${target}`,
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

/** The one-line key under a roster that shows a marker, phone-width. */
export const consentKey = 'no P / no V: no photo / video consent on record';

/**
 * Pure: " (no P)", " (no V)" or " (no P, V)" after a child's name when the club holds no photo or
 * video consent for them; nothing for adults, who consent for themselves, or when both are on
 * record. Travel consent is said on the member card: a session is at the club's own pool.
 */
export function consentMarker(member: Member | undefined, today: string): string {
  if (!member || !isChild(member, today)) return '';
  const missing = [
    ...(member.consents.imageUse ? [] : ['P']),
    ...(member.consents.videoUse ? [] : ['V']),
  ];
  return missing.length > 0 ? ` (no ${missing.join(', ')})` : '';
}

/** One swimmer of a roster as it is shown: name and last attendance, and whose record it is. */
export interface RosterSwimmer {
  guid: string;
  name: string;
  /** "Tue 3 Mar 2026", or "Not recorded". */
  lastAttended: string;
  /** Their record, when the members list holds it (for consent markers). */
  member?: Member;
}

/** A session's people by name, as /session shows them. */
export interface SessionRoster {
  coaches: readonly string[];
  /** Sorted by name (en-GB collation). */
  swimmers: readonly RosterSwimmer[];
}

// One collator for every comparison: `localeCompare(b, 'en-GB')` looks the locale up on each call.
const byName = new Intl.Collator('en-GB').compare;

const rosters = new WeakMap<ClubSession, { members: readonly Member[]; roster: SessionRoster }>();

/**
 * The session's coaches and its swimmers sorted by name, built once per session and members list:
 * the cache hands every read the same (read-only) lists until they change, and naming and sorting
 * a large roster on every command cost more than the rest of answering it.
 */
export function sessionRoster(session: ClubSession, members: readonly Member[]): SessionRoster {
  const held = rosters.get(session);
  if (held?.members === members) return held.roster;
  const byGuid = membersByGuid(members);
  const nameOf = (guid: string) => {
    const member = byGuid.get(guid);
    if (!member) return 'Unknown member';
    return member.active ? displayName(member) : `${displayName(member)} (left the club)`;
  };
  const roster: SessionRoster = {
    coaches: session.coaches.map((coach) => nameOf(coach.guid)),
    swimmers: session.members
      .map((swimmer) => ({
        guid: swimmer.guid,
        name: nameOf(swimmer.guid),
        member: byGuid.get(swimmer.guid),
        lastAttended: swimmer.lastAttended ? formatDay(swimmer.lastAttended) : 'Not recorded',
      }))
      .sort((a, b) => byName(a.name, b.name)),
  };
  rosters.set(session, { members, roster });
  return roster;
}
