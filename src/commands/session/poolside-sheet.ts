import type { ClubSession } from '../../club/domain.js';
import type { SessionMatch } from '../../club/time/match-sessions.js';
import { nextRunDate } from '../../club/time/session-dates.js';
import type { CommandContext } from '../../core/command.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import type { RosterDay } from './roster-reply.js';
import { maySeeSheet, sheetRefusalReply } from './sheet-access.js';
import { sheetReply } from './sheet-reply.js';
import { datedSessionWhen, sessionMenuReply } from './session-menu.js';

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
