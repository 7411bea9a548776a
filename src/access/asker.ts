import type { Member, NamedMembership } from '../club/domain.js';
import type { Asker, ChatUser, MemberLinks } from '../core/chat-user.js';
import { isChild, membersByGuid, currentMembersWithEmail } from '../club/members/members-of.js';
import { applyRoleRules, deriveRoles, seesUnder, type AccessPolicy } from './access-policy.js';
import type { ReadCache } from '../cache/read-cache.js';
import { collectionKeys } from '../cache/collection-schemas.js';
import type { ClubData } from '../core/club-data.js';
import type { Redis } from 'ioredis';
import { writeTracked, type KeyTracking } from '../cache/key-tracking.js';
import type { Sealer } from '../redis/sealer.js';
import { clubKeys } from '../redis/club-keys.js';
import { z } from 'zod';

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

/**
 * The links in a Redis hash per platform, each member id sealed to its user's field, since a link
 * decides who someone is: one written or moved in Redis without the data key does not open, and
 * counts as no link. With `tracking`, each platform's links (a few hundred
 * at most) are read whole and held in memory until Redis tells of a change, so deciding who asks
 * costs no round trip.
 */
export function createMemberLinks(
  redis: Redis,
  prefix: string,
  sealer: Sealer,
  tracking?: KeyTracking,
): MemberLinks {
  const key = (user: Pick<ChatUser, 'platform'>) => clubKeys(prefix).links(user.platform);
  const at = (hash: string, userId: string) => ({
    kind: 'member-link' as const,
    key: hash,
    field: userId,
  });
  const opened = (hash: string, userId: string, sealed: string | null | undefined) => {
    return sealer.openJsonOrAbsent(sealed, at(hash, userId), z.string());
  };
  const openAll = (hash: string, all: Record<string, string>) =>
    new Map(
      Object.entries(all).flatMap(([userId, sealed]) => {
        const guid = opened(hash, userId, sealed);
        return guid === undefined ? [] : [[userId, guid] as const];
      }),
    );
  const held = new Map<string, { links: Map<string, string>; mark: number }>();
  return {
    async get(user) {
      const hash = key(user);
      // Without notices, a read of the one link asked for, as each read must go to Redis anyway.
      if (!tracking?.live()) return opened(hash, user.userId, await redis.hget(hash, user.userId));
      const known = held.get(hash);
      if (known && tracking.unchangedSince(hash, known.mark)) return known.links.get(user.userId);
      const mark = tracking.mark();
      const links = openAll(hash, await redis.hgetall(hash));
      held.set(hash, { links, mark });
      return links.get(user.userId);
    },
    async set(user, memberGuid) {
      const hash = key(user);
      const sealed = sealer.sealJson(memberGuid, at(hash, user.userId));
      const replies = await writeTracked(tracking, hash, () =>
        redis.multi().hget(hash, user.userId).hset(hash, user.userId, sealed).exec(),
      );
      // A MULTI resolves each command's error rather than rejecting: a failed write must throw.
      const failed = replies?.find(([error]) => error)?.[0];
      if (!replies || failed) throw failed ?? new Error('Redis discarded the link.');
      const before = replies[0]?.[1];
      return typeof before === 'string' ? opened(hash, user.userId, before) : undefined;
    },
    async remove(user) {
      return (
        (await writeTracked(tracking, key(user), () => redis.hdel(key(user), user.userId))) > 0
      );
    },
    async list(platform) {
      const hash = key({ platform });
      const links = openAll(hash, await redis.hgetall(hash));
      return [...links].map(([userId, memberGuid]) => ({ userId, memberGuid }));
    },
  };
}
