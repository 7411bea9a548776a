import type { Redis } from 'ioredis';
import type { ChatUser } from '../core/chat-user.js';
import { clubKeys } from '../redis/club-keys.js';

/** Whether a person may run one more command now; counts the command when they may. */
export type RateLimit = (user: ChatUser) => Promise<boolean>;

const count = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * A per-person limit on commands (default 20 a minute, `RATE_LIMIT_PER_MINUTE`) so one person
 * cannot drain the club's daily budget. A fixed one-minute window per person, shared by every
 * adapter process through Redis.
 */
export function createRateLimit(options: {
  redis: Redis;
  prefix: string;
  perMinute: number;
  now?: () => number;
}): RateLimit {
  const now = options.now ?? Date.now;
  return async (user) => {
    const minute = Math.floor(now() / 60_000);
    const key = clubKeys(options.prefix).rate(user.platform, user.userId, minute);
    const used = Number(await options.redis.eval(count, 1, key, '60000'));
    return used <= options.perMinute;
  };
}
