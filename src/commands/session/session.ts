import { clubToday } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge } from '../../core/data-age.js';
import { matchSessions } from '../../club/time/match-sessions.js';
import { nextSessionReply, nextSessionsOf } from './next-session.js';
import { poolsideSheet, readSheetWord, sheetActions, sheetOfMatch } from './poolside-sheet.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import { noRosterReply, rosterAccess, withheldSection } from './roster-access.js';
import { readRosterPage, rosterReply } from './roster-reply.js';
import { cancelledSections, noSessionReply, sessionMenuReply } from './session-menu.js';
import { nextRunDate } from '../../club/time/session-dates.js';

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
