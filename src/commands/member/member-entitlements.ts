import type { ClubSession, Member } from '../../club/domain.js';
import type { Asker } from '../../core/chat-user.js';
import { isChild } from '../../club/members/members-of.js';

/**
 * What of one member's record an asker may see, once the registry and the access policy have let
 * them run /member at all. Need-to-know, as the UK safeguarding guidance puts it:
 * - contact details (emergency contacts, parents, an adult's own) for welfare, and for a coach of
 *   a current session the member swims in, or a swimmer of theirs is in (a parent);
 * - a child's own phone, email and address only for welfare;
 * - medical history, allergies, disability and doctor for welfare, and for a coach of a current
 *   (not archived) session the member swims in;
 * - DBS and safeguarding training dates and certificate for the roles the policy names
 *   (`safeguarding_details`, default welfare).
 */
export interface MemberEntitlements {
  /** Under 18 on the club's today; with no date of birth, unless the record shows an adult. */
  isChild: boolean;
  contactDetails: boolean;
  ownContactDetails: boolean;
  specialCategory: boolean;
  safeguarding: boolean;
}

/** Pure: the entitlements of `asker` to `member`'s record on `today` (yyyy-mm-dd, the club's). */
export function memberEntitlements(
  asker: Pick<Asker, 'roles' | 'memberGuid' | 'sees'>,
  member: Member,
  sessions: readonly ClubSession[],
  today: string,
  members: readonly Member[] = [],
): MemberEntitlements {
  const welfare = asker.roles.includes('welfare');
  const child = isChild(member, today);
  const coached = coachedBy(asker.memberGuid, sessions);
  const swimsWithThem = coached.has(member.guid);
  const parentOfTheirs =
    member.swimmers.some((guid) => coached.has(guid)) ||
    members.some((swimmer) => coached.has(swimmer.guid) && swimmer.parents.includes(member.guid));
  const contactDetails = welfare || swimsWithThem || parentOfTheirs;
  return {
    isChild: child,
    contactDetails,
    ownContactDetails: contactDetails && (!child || welfare),
    specialCategory: welfare || swimsWithThem,
    safeguarding: asker.sees?.safeguardingDetails === true,
  };
}

/** The Guids of every swimmer of the current sessions `coachGuid` coaches. */
function coachedBy(coachGuid: string | undefined, sessions: readonly ClubSession[]): Set<string> {
  const swimmers = new Set<string>();
  if (coachGuid === undefined) return swimmers;
  for (const session of sessions) {
    if (session.archived || !session.coaches.some((coach) => coach.guid === coachGuid)) continue;
    for (const swimmer of session.members) swimmers.add(swimmer.guid);
  }
  return swimmers;
}
