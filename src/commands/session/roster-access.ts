import type { ClubSession } from '../../club/domain.js';
import type { Asker } from '../../core/chat-user.js';
import type { Reply, ReplySection } from '../../core/reply.js';
import { unlinkedReason } from '../../core/unlinked-reason.js';

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
