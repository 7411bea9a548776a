import type { Redis } from 'ioredis';
import { writeTracked, type KeyTracking } from '../cache/key-tracking.js';
import type { ChatUser, Platform } from '../core/chat-user.js';
import type { Sealer } from '../redis/sealer.js';
import { clubKeys } from '../redis/club-keys.js';
import { z } from 'zod';

/**
 * Links between chat users and club members, for platforms with no email to match (Discord): an
 * admin links a person (`/link` in Discord, `npm run discord:link`), and the link is kept here.
 */
export interface MemberLinks {
  get(user: ChatUser): Promise<string | undefined>;
  /** Links `user` to the member; resolves the member they were linked to before, if any. */
  set(user: ChatUser, memberGuid: string): Promise<string | undefined>;
  /** Resolves whether there was a link to remove. */
  remove(user: ChatUser): Promise<boolean>;
  /** Every link of a platform's users (for /link), in no particular order. */
  list(platform: Platform): Promise<{ userId: string; memberGuid: string }[]>;
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
