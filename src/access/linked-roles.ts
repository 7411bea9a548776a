import type { ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import type { BotRole } from '../core/roles.js';
import { deriveRoles, type AccessPolicy } from './access-policy.js';
import { decideAsker } from './asker.js';

/**
 * The roles a link involves: those the member holds by the club's records, and those the chat
 * user would hold once linked (the policy applied to that user), as their commands decide them.
 */
export function linkedRolesOf(deps: {
  data: Pick<ClubData, 'members' | 'roles'>;
  policy: AccessPolicy;
  /** The clock, for telling adults from children. Default: the system's. */
  now?: () => Date;
}): (user: ChatUser, memberGuid: string) => Promise<BotRole[]> {
  return async (user, memberGuid) => {
    const [members, roles] = await Promise.all([deps.data.members(), deps.data.roles()]);
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const member = members.value.find((candidate) => candidate.guid === memberGuid);
    const held = deriveRoles(member, roles.value, deps.policy.rolePatterns);
    const linked = decideAsker(user, members.value, roles.value, deps.policy, memberGuid, today);
    return [...new Set([...held, ...linked.roles])];
  };
}
