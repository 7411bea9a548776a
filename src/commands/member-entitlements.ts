import type { ClubSession, Member } from '../club/domain.js';
import type { Asker } from './chat-user.js';
import { ageOn } from './club-time.js';
import { currentSessionsOf } from './current-sessions-of.js';

/**
 * What of one member's record an asker may see, once the registry and the access policy have let
 * them run /member at all. Need-to-know, as the UK safeguarding guidance puts it:
 * - a child's own phone, email and address only for welfare; others get the parents' details;
 * - medical history, allergies, disability and doctor for welfare, and for a coach of a current
 *   (not archived) session the member swims in;
 * - DBS and safeguarding training dates and certificate for welfare and admin.
 */
export interface MemberEntitlements {
  /** Under 18 on the club's today, or no date of birth but parents on record. */
  isChild: boolean;
  ownContactDetails: boolean;
  specialCategory: boolean;
  safeguarding: boolean;
}

/** Pure: the entitlements of `asker` to `member`'s record on `today` (yyyy-mm-dd, the club's). */
export function memberEntitlements(
  asker: Pick<Asker, 'roles' | 'memberGuid'>,
  member: Member,
  sessions: readonly ClubSession[],
  today: string,
): MemberEntitlements {
  const welfare = asker.roles.includes('welfare');
  const age = ageOn(member.dateOfBirth, today);
  const isChild = age === undefined ? member.parents.length > 0 : age < 18;
  return {
    isChild,
    ownContactDetails: !isChild || welfare,
    specialCategory: welfare || coachesMember(asker.memberGuid, member.guid, sessions),
    safeguarding: welfare || asker.roles.includes('admin'),
  };
}

/** True when the asker coaches a current session the member attends. */
export function coachesMember(
  coachGuid: string | undefined,
  memberGuid: string,
  sessions: readonly ClubSession[],
): boolean {
  if (coachGuid === undefined) return false;
  return currentSessionsOf(sessions, memberGuid).some((session) =>
    session.coaches.some((coach) => coach.guid === coachGuid),
  );
}
