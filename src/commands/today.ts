import type { ClubEvent, ClubSession, Incident, Meet, Member } from '../club/domain.js';
import { endOfWeek } from '../digests/calendar-days.js';
import { deadlineLine, deadlinesBetween } from '../digests/compose-deadlines.js';
import { incidentRow, longOpenIncidents } from '../digests/compose-incidents.js';
import { dueWording, renewalsDue } from '../digests/compose-renewals.js';
import { countOf, sessionsOn, timesOf } from '../digests/compose-sessions.js';
import type { Asker } from '../core/chat-user.js';
import { clubClock, formatDay } from '../club/time/club-time.js';
import type { CommandDefinition } from '../core/command.js';
import { dataAge, type AuditFieldGroup, type Reply, type ReplySection } from '../core/reply.js';
import { lapsedCoachesToday } from './checks/lapsed-coaches-today.js';

/** What "today for you" is made from. */
export interface TodayInput {
  asker: Asker;
  members: readonly Member[];
  sessions: readonly ClubSession[];
  meets: readonly Meet[];
  events: readonly ClubEvent[];
  /** Only read for a welfare officer. */
  incidents?: readonly Incident[];
  now: Date;
  timezone: string;
}

/**
 * Pure: what is on for this person today: the sessions they coach (with counts), their own DBS
 * or safeguarding renewal when due within 60 days, long-open incidents for a welfare officer,
 * and the week's entry deadlines.
 */
export function todayReply(input: TodayInput): Reply {
  const { asker } = input;
  const today = clubClock(input.now, input.timezone);
  const me = input.members.find((member) => member.guid === asker.memberGuid);
  const sections: ReplySection[] = [];
  const groups: AuditFieldGroup[] = [];

  const coached = me
    ? sessionsOn(input.sessions, today.date, today.weekday).filter((session) =>
        session.coaches.some((coach) => coach.guid === me.guid),
      )
    : [];
  if (coached.length > 0) {
    sections.push({
      kind: 'table',
      title: 'Sessions you coach today',
      columns: ['Session', 'Time', 'Place', 'Swimmers'],
      rows: coached.map((s) => [s.name, timesOf(s), s.location ?? '', countOf(s)]),
    });
  }
  const renewals = me ? renewalsDue([me], today.date) : [];
  if (renewals.length > 0) {
    groups.push('safeguarding');
    sections.push({
      kind: 'list',
      title: 'Your renewals',
      items: renewals.map(
        (r) => `${r.what}: ${formatDay(r.date)}, ${dueWording(r.date, today.date)}`,
      ),
    });
  }
  const shown = me ? [me.guid] : [];
  if (asker.roles.includes('welfare') || asker.roles.includes('head-coach')) {
    // #44: a coach on today's sessions whose DBS has lapsed is named to those who act on it.
    const lapsed = lapsedCoachesToday(input.members, input.sessions, today);
    if (lapsed.lines.length > 0) {
      groups.push('safeguarding');
      shown.push(...lapsed.members);
      sections.push({
        kind: 'list',
        title: "DBS lapsed: on today's sessions",
        items: lapsed.lines,
      });
    }
  }
  if (asker.roles.includes('welfare') && input.incidents) {
    const open = longOpenIncidents(input.incidents, today.date);
    if (open.length > 0) {
      groups.push('incidents');
      sections.push({
        kind: 'table',
        title: 'Open incidents older than 14 days',
        columns: ['Incident', 'Date', 'Status'],
        rows: open.map(incidentRow),
      });
    }
  }
  const deadlines = deadlinesBetween(input.meets, input.events, today.date, endOfWeek(today.date));
  if (deadlines.length > 0) {
    sections.push({
      kind: 'list',
      title: 'Entry deadlines this week',
      items: deadlines.map((deadline) => deadlineLine(deadline, today.date)),
    });
  }
  if (!me) {
    sections.unshift({
      kind: 'text',
      text: 'I cannot tell which club member you are, so this shows only what is on for everyone.',
    });
  } else if (sections.length === 0) {
    sections.push({ kind: 'text', text: 'Nothing on for you today.' });
  }
  return {
    title: `Today for you: ${formatDay(today.date)}`,
    sections,
    visibility: 'asker',
    personalData: true,
    ...(groups.length > 0
      ? { audit: { members: [...new Set(shown)], fieldGroups: [...new Set(groups)] } }
      : {}),
  };
}

export const today = {
  kind: 'query',
  name: 'today',
  description: 'What is on for you today: sessions you coach, renewals due, deadlines.',
  options: [],
  examples: ['/today'],
  roles: ['everyone'],
  personalData: true,
  needsClub: true,
  async handle({ asker, data, now, timezone, digests }): Promise<Reply> {
    const welfare = asker.roles.includes('welfare');
    const [members, sessions, meets, events, incidents] = await Promise.all([
      data.members(),
      data.sessions(),
      data.meets(),
      data.events(),
      welfare ? data.incidents() : undefined,
    ]);
    // A welfare officer who uses the bot is someone welfare digests can reach.
    if (welfare) await digests?.remember();
    const reply = todayReply({
      asker,
      members: members.value,
      sessions: sessions.value,
      meets: meets.value,
      events: events.value,
      incidents: incidents?.value,
      now,
      timezone,
    });
    const sources = [members, sessions, meets, events, ...(incidents ? [incidents] : [])];
    return { ...reply, footer: dataAge(sources, now) };
  },
} satisfies CommandDefinition;
