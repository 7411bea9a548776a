import type { Member, NamedMembership } from '../club/domain.js';
import type { Asker, ChatUser } from '../commands/chat-user.js';
import { membersByGuid } from '../commands/members-by-guid.js';
import { applyRoleRules, type AccessPolicy } from './access-policy.js';
import { deriveRoles } from './derive-roles.js';

/**
 * Links a chat user to a club member (a stored link first, else an exact email match with one
 * active member) and decides their roles. An unlinked user is `everyone` plus what the policy grants.
 */
export function decideAsker(
  user: ChatUser,
  members: readonly Member[],
  clubRoles: readonly NamedMembership[],
  policy: AccessPolicy,
  linkedGuid?: string,
): Asker {
  const policyLink = policy.links.find(
    (link) => link.platform === user.platform && link.user === user.userId,
  );
  const member = linkedGuid
    ? membersByGuid(members).get(linkedGuid)
    : memberByEmail(members, user.email ?? policyLink?.email);
  const derived = deriveRoles(member, clubRoles, policy.rolePatterns);
  return { user, memberGuid: member?.guid, roles: applyRoleRules(user, derived, policy) };
}

function memberByEmail(members: readonly Member[], email: string | undefined): Member | undefined {
  if (!email) return undefined;
  const wanted = email.trim().toLowerCase();
  // A parent and a child sometimes share an address: link only when exactly one adult active member has it.
  const matches = members.filter(
    (member) => member.active && member.email?.toLowerCase() === wanted,
  );
  if (matches.length === 1) return matches[0];
  return matches.find(
    (member) => member.isCoach || member.isVolunteer || member.isCommitteeMember || member.isParent,
  );
}
