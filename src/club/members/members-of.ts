import type { Member, NamedMembership, PersonName } from '../domain.js';
import { ageOn } from '../time/club-time.js';

/**
 * The members a group, role or email list names, in its order. A Guid that is no member's (an
 * email list's address-only entry, or someone since removed) is skipped: it is not an error.
 */
export function membersOf(list: NamedMembership, members: readonly Member[]): Member[] {
  const byGuid = new Map(members.map((member) => [member.guid, member]));
  return list.members.flatMap((guid) => {
    const member = byGuid.get(guid);
    return member ? [member] : [];
  });
}

/** The current members whose e-mail is `email` (case and surrounding spaces aside). */
export function currentMembersWithEmail(members: readonly Member[], email: string): Member[] {
  const wanted = email.trim().toLowerCase();
  return members.filter((member) => member.active && member.email?.trim().toLowerCase() === wanted);
}

/** The name a club uses for a person: the known-as name first, then the surname. */
export function displayName(
  person: Pick<PersonName, 'firstName' | 'knownAs' | 'lastName'>,
): string {
  const first = person.knownAs ?? person.firstName;
  return (
    [first, person.lastName].filter((part) => part && part.trim() !== '').join(' ') || 'Unnamed'
  );
}

/** Members by Guid. */
export function membersByGuid(members: readonly Member[]): ReadonlyMap<string, Member> {
  return new Map(members.map((member) => [member.guid, member]));
}

/**
 * Pure: whether a member is treated as a child on `today` (yyyy-mm-dd). Under 18 by the date of
 * birth; with none on record, a child unless the record shows a part only adults hold (a parent
 * of someone, a committee member, a DBS check): an unknown age fails closed. A coach or volunteer
 * flag alone does not count, as junior helpers and young assistant coaches hold them too.
 */
export function isChild(member: Member, today: string): boolean {
  const age = ageOn(member.dateOfBirth, today);
  if (age !== undefined) return age < 18;
  const adultPart =
    member.isParent || member.swimmers.length > 0 || member.isCommitteeMember || member.hasDbsDate;
  return !adultPart;
}
