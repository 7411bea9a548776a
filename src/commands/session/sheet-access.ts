import { namesOf, type ClubContacts } from '../../access/club-contacts.js';
import { fitRefusal } from '../../access/refusal-reply.js';
import type { ClubSession } from '../../club/domain.js';
import type { Asker } from '../../core/chat-user.js';
import type { Reply } from '../../core/reply.js';

/**
 * Pure: whether the asker may see the poolside sheet of `session`: the welfare officer, the head
 * coach, and the coaches of that session while it runs. By role, not the policy's `all_rosters`:
 * a club that widens who sees rosters does not widen who sees health notes with it.
 */
export function maySeeSheet(
  asker: Pick<Asker, 'roles' | 'memberGuid'>,
  session: ClubSession,
): boolean {
  if (asker.roles.includes('welfare') || asker.roles.includes('head-coach')) return true;
  return (
    asker.memberGuid !== undefined &&
    !session.archived &&
    session.coaches.some((coach) => coach.guid === asker.memberGuid)
  );
}

/** Pure: the refusal, naming who may see a sheet and whom to ask, under the refusal limit. */
export function sheetRefusalReply(contacts: ClubContacts | undefined): Reply {
  const text = fitRefusal((most) => {
    const ask = namesOf(contacts, ['welfare', 'head-coach'], most);
    return `A poolside sheet is for the coaches of that session, the head coach and the welfare officer.${ask ? ` Ask ${ask}.` : ''}`;
  });
  return {
    title: 'Poolside sheet',
    sections: [{ kind: 'text', text }],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
