import type { Redis } from 'ioredis';
import type { ChatUser } from '../commands/chat-user.js';

/**
 * Links between chat users and club members, for platforms with no email to match (Discord):
 * a person asks to link, an admin confirms, and the link is kept here.
 */
export interface MemberLinks {
  get(user: ChatUser): Promise<string | undefined>;
  set(user: ChatUser, memberGuid: string): Promise<void>;
  remove(user: ChatUser): Promise<void>;
}

export function createMemberLinks(redis: Redis, prefix: string): MemberLinks {
  const key = (user: ChatUser) => `${prefix}:links:${user.platform}`;
  return {
    async get(user) {
      return (await redis.hget(key(user), user.userId)) ?? undefined;
    },
    async set(user, memberGuid) {
      await redis.hset(key(user), user.userId, memberGuid);
    },
    async remove(user) {
      await redis.hdel(key(user), user.userId);
    },
  };
}
