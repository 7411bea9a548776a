import type { ClubSession, Member } from '../../club/domain.js';
import type { Asker } from '../../core/chat-user.js';
import { clubClock, formatDay } from '../../club/time/club-time.js';
import type { DatedSession } from '../../club/time/match-sessions.js';
import { textReply, type Reply, type ReplyAction } from '../../core/reply.js';
import { noRosterReply, rosterAccess } from './roster-access.js';
import { rosterReply } from './roster-reply.js';
import { earlierToday, sessionsAhead } from '../../club/time/session-dates.js';
import { datedSessionWhen } from './session-menu.js';
import { sheetActions } from './poolside-sheet.js';

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
