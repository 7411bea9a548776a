import { clubToday, clubClock, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition, CommandContext } from '../../core/command.js';
import { dataAge, type Reply, type ReplyAction, textReply } from '../../core/reply.js';
import {
  matchSessions,
  type SessionMatch,
  type DatedSession,
  nextRunDate,
  earlierToday,
  sessionsAhead,
} from '../../club/time/match-sessions.js';
import {
  noRosterReply,
  rosterAccess,
  withheldSection,
  cancelledSections,
  noSessionReply,
  sessionMenuReply,
  maySeeSheet,
  sheetRefusalReply,
  datedSessionWhen,
} from './session-menu.js';
import { readRosterPage, rosterReply, type RosterDay } from './roster-reply.js';
import type { ClubSession, Member } from '../../club/domain.js';
import { sheetReply } from './sheet-reply.js';
import type { Asker } from '../../core/chat-user.js';

export const session = {
  kind: 'query',
  name: 'session',
  description:
    "A session's roster: swimmers, coaches, time, place, count; add sheet for health notes.",
  options: [
    {
      name: 'when',
      description:
        'now, tonight, friday, 28/12, 18:30 or a squad (alone: your next); add sheet for the poolside sheet',
      required: false,
      rest: true,
      autocomplete: 'sessions',
    },
  ],
  examples: ['/session tonight', '/session tonight sheet'],
  roles: ['coach', 'head-coach', 'welfare'],
  personalData: true,
  needsClub: true,
  async handle(context) {
    const { options, asker, data, now, timezone } = context;
    const { when: asked, sheet } = readSheetWord(options.when ?? '');
    const { when, page } = readRosterPage(asked);
    const [sessions, members] = await Promise.all([data.sessions(), data.members()]);
    const footer = dataAge([sessions, members], now);
    const today = clubToday(now, timezone);
    const match = matchSessions(sessions.value, when, now, timezone);
    if (match.kind === 'next' && sheet) {
      const { next } = nextSessionsOf(asker, sessions.value, now, timezone);
      if (next) return poolsideSheet(context, next.session, { date: next.date, today });
    }
    if (match.kind === 'found' && sheet) return sheetOfMatch(context, match, today);
    if (match.kind === 'next') {
      return { ...nextSessionReply(asker, sessions.value, members.value, now, timezone), footer };
    }
    if (match.kind === 'unknown') return noSessionReply(match, sessions.value, today);
    if (match.kind === 'none-that-day') {
      // Nothing now or then: the asker's next session is one button away.
      const next: ReplyAction = {
        id: 'session-next',
        label: 'Your next session',
        kind: 'run-command',
        command: 'session',
      };
      return { ...noSessionReply(match, sessions.value, today), actions: [next], footer };
    }
    const { shown, withheld } = rosterAccess(asker, match.sessions);
    const [only] = shown;
    if (!only) return { ...noRosterReply(match.label, withheld, asker), footer };
    const date = match.dates.get(only.guid) ?? nextRunDate(only, today);
    const reply =
      shown.length === 1
        ? withActions(
            rosterReply(only, members.value, page, { date, today }),
            sheetActions(asker, only, date),
          )
        : sessionMenuReply(match.label, shown, match.dates);
    const notes = [
      ...(withheld.length > 0 ? [withheldSection(withheld)] : []),
      ...cancelledSections(match.cancelled, today),
    ];
    return { ...reply, sections: [...(reply.sections ?? []), ...notes], footer };
  },
} satisfies CommandDefinition;

const withActions = (reply: Reply, more: readonly ReplyAction[]): Reply =>
  more.length > 0 ? { ...reply, actions: [...(reply.actions ?? []), ...more] } : reply;

/** The word that asks /session for the poolside sheet rather than the roster. */
const sheetWord = 'sheet';

/** "tonight sheet" (or "sheet tonight", or "sheet") → tonight, as a sheet; else the text as is. */
export function readSheetWord(text: string): { when: string; sheet: boolean } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const at = [0, words.length - 1].find((index) => words[index]?.toLowerCase() === sheetWord);
  if (at === undefined) return { when: text, sheet: false };
  return { when: words.filter((_, index) => index !== at).join(' '), sheet: true };
}

/** The roster's button to its poolside sheet, for those who may see it. */
export function sheetActions(
  asker: CommandContext['asker'],
  session: ClubSession,
  date?: string,
): ReplyAction[] {
  if (!maySeeSheet(asker, session)) return [];
  return [
    {
      id: 'poolside-sheet',
      label: 'Poolside sheet',
      kind: 'run-command',
      command: 'session',
      args: `${datedSessionWhen(session, date)} ${sheetWord}`,
    },
  ];
}

/**
 * The poolside sheet of one session, its swimmers' records read just now (never cached), or the
 * refusal naming who may see it.
 */
export async function poolsideSheet(
  context: Pick<CommandContext, 'asker' | 'data' | 'contacts'>,
  session: ClubSession,
  day: RosterDay,
): Promise<Reply> {
  if (!maySeeSheet(context.asker, session)) {
    return sheetRefusalReply(await context.contacts?.());
  }
  const guids = session.members.map((swimmer) => swimmer.guid);
  const fresh = guids.length > 0 ? await context.data.freshMembers(guids) : [];
  return {
    ...sheetReply(session, fresh, day),
    footer: 'Health notes and contacts read just now from the club’s records, not stored',
  };
}

/** The sheet of the one session matched that the asker may see; with several, which one. */
export async function sheetOfMatch(
  context: Pick<CommandContext, 'asker' | 'data' | 'contacts'>,
  match: Extract<SessionMatch, { kind: 'found' }>,
  today: string,
): Promise<Reply> {
  const theirs = match.sessions.filter((session) => maySeeSheet(context.asker, session));
  const [only] = theirs;
  if (!only) return sheetRefusalReply(await context.contacts?.());
  if (theirs.length > 1) return sessionMenuReply(match.label, theirs, match.dates, sheetWord);
  const date = match.dates.get(only.guid) ?? nextRunDate(only, today);
  return poolsideSheet(context, only, { date, today });
}

/**
 * Pure: the asker's next session (running now or the next to start): for a coach, the next one
 * they coach; for anyone else, the next on the timetable. With the one after it and today's
 * earlier ones.
 */
export function nextSessionsOf(
  asker: Asker,
  sessions: readonly ClubSession[],
  now: Date,
  timezone: string,
): { today: string; next?: DatedSession; after?: DatedSession; earlier: DatedSession[] } {
  const clock = clubClock(now, timezone);
  const coached = sessions.filter((session) =>
    session.coaches.some((coach) => coach.guid === asker.memberGuid),
  );
  const theirs = asker.memberGuid !== undefined && coached.length > 0 ? coached : sessions;
  const [next, after] = sessionsAhead(theirs, clock.date, clock.time);
  const earlier = earlierToday(theirs, clock.date, clock.time).slice(0, 2);
  return { today: clock.date, next, after, earlier };
}

/**
 * Pure: `/session` alone: the asker's next session (running now or the next to start) with its
 * roster: for a coach, the next one they coach; for anyone else, the next on the timetable. Its
 * buttons offer the one after it and today's earlier ones.
 */
export function nextSessionReply(
  asker: Asker,
  sessions: readonly ClubSession[],
  members: readonly Member[],
  now: Date,
  timezone: string,
): Reply {
  const { today, next, after, earlier } = nextSessionsOf(asker, sessions, now, timezone);
  if (!next) return textReply('No session runs in the next two weeks.', { title: 'Next session' });
  const choice = (prefix: string, dated: DatedSession, id: string): ReplyAction => ({
    id,
    label: `${prefix}: ${dated.date === today ? '' : `${formatDay(dated.date, today)} `}${dated.session.startTime ?? ''} ${dated.session.name}`,
    kind: 'run-command',
    command: 'session',
    args: datedSessionWhen(dated.session, dated.date),
  });
  const { shown } = rosterAccess(asker, [next.session]);
  const actions = [
    ...(shown.length ? sheetActions(asker, next.session, next.date) : []),
    ...(after ? [choice('Next', after, 'session-after')] : []),
    ...earlier.map((dated, index) => choice('Earlier today', dated, `session-earlier-${index}`)),
  ];
  const reply = shown.length
    ? rosterReply(next.session, members, 1, { date: next.date, today })
    : noRosterReply(next.session.name, [next.session], asker);
  return { ...reply, actions: [...(reply.actions ?? []), ...actions] };
}
