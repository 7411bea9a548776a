import type { Member, NamedMembership } from '../club/domain.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import { isChild, membersByGuid, currentMembersWithEmail } from '../club/members/members-of.js';
import { applyRoleRules, deriveRoles, seesUnder, type AccessPolicy } from './access-policy.js';
import type { ReadCache } from '../cache/read-cache.js';
import { collectionKeys } from '../cache/collection-schemas.js';
import type { MemberLinks } from './member-links.js';
import type { ClubData } from '../core/club-data.js';

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

/**
 * Decides the asker from what the cache holds, without calling the club service (adapters never
 * do). Undefined when members or roles are not cached yet: the worker then decides alone.
 */
export type AskerPeek = (user: ChatUser) => Promise<Asker | undefined>;

/** Options for {@link createAskerPeek}. */
export interface AskerPeekOptions {
  /**
   * The process's read cache. With key tracking it holds members and roles in memory until Redis
   * tells of a change, so an acknowledgement reads nothing from Redis and sees a change of roles
   * as soon as it is made.
   */
  cache: Pick<ReadCache, 'peek'>;
  policy: AccessPolicy;
  links?: MemberLinks;
  /** The clock, for telling adults from children. Default: the system's. */
  now?: () => Date;
}

export function createAskerPeek(deps: AskerPeekOptions): AskerPeek {
  return async (user) => {
    const [members, roles, linked] = await Promise.all([
      deps.cache.peek(collectionKeys.members),
      deps.cache.peek(collectionKeys.roles),
      deps.links?.get(user),
    ]);
    if (!members || !roles) return undefined;
    // The UTC date: at most a day off, and it only matters when several members share an email.
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    return decideAsker(user, members.value, roles.value, deps.policy, linked, today);
  };
}

/** Decides who is asking and with which roles, from the cached members and club roles. */
export type AskerResolver = (user: ChatUser) => Promise<Asker>;

export function createAskerResolver(deps: {
  data: ClubData;
  policy: AccessPolicy;
  links?: MemberLinks;
  /** The clock, for telling adults from children. Default: the system's. */
  now?: () => Date;
}): AskerResolver {
  return async (user) => {
    const [members, roles, linked] = await Promise.all([
      deps.data.members(),
      deps.data.roles(),
      deps.links?.get(user),
    ]);
    // The UTC date: at most a day off, and it only matters when several members share an email.
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    return decideAsker(user, members.value, roles.value, deps.policy, linked, today);
  };
}
