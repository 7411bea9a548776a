import type { Member, NamedMembership } from '../club/domain.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import { isChild } from '../club/members/is-child.js';
import { membersByGuid } from '../club/members/members-by-guid.js';
import { applyRoleRules, seesUnder, type AccessPolicy } from './access-policy.js';
import { deriveRoles } from './derive-roles.js';
import { currentMembersWithEmail } from '../club/members-of.js';

/**
 * Links a chat user to a club member (a stored link first, else their email) and decides their
 * roles and what the policy lets them see. An unlinked user is `everyone` plus what the policy
 * grants. `today` (yyyy-mm-dd) tells adults from children when several members share an email.
 */
export function decideAsker(
  user: ChatUser,
  members: readonly Member[],
  clubRoles: readonly NamedMembership[],
  policy: AccessPolicy,
  linkedGuid?: string,
  today: string = new Date().toISOString().slice(0, 10),
): Asker {
  if (user.outsider) return { user, roles: ['everyone'], sees: seesUnder(['everyone'], policy) };
  const policyLink = policy.links.find(
    (link) => link.platform === user.platform && link.user === user.userId,
  );
  const byEmail = linkedGuid
    ? undefined
    : memberByEmail(members, user.email ?? policyLink?.email, today);
  const member = linkedGuid ? membersByGuid(members).get(linkedGuid) : byEmail?.member;
  const derived = deriveRoles(member, clubRoles, policy.rolePatterns);
  const roles = applyRoleRules(user, derived, policy);
  return {
    user,
    memberGuid: member?.guid,
    roles,
    sees: seesUnder(roles, policy),
    ...(byEmail?.shared ? { unlinkedBecause: 'shared-email' as const } : {}),
  };
}

/**
 * The one active member with this email, or the one adult among several (a parent and their
 * child often share an address). Two adults or more: nobody, as linking either could hand one
 * person another's roles.
 */
function memberByEmail(
  members: readonly Member[],
  email: string | undefined,
  today: string,
): { member?: Member; shared?: true } | undefined {
  if (!email) return undefined;
  const matches = currentMembersWithEmail(members, email);
  if (matches.length <= 1) return { member: matches[0] };
  const adults = matches.filter((member) => !isChild(member, today));
  return adults.length === 1 ? { member: adults[0] } : { shared: true };
}
