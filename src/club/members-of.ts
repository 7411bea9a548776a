import type { Member, NamedMembership } from './domain.js';

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
