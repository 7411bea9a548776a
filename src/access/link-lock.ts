import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LinkError } from './link-discord-user.js';

const release = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Runs one change of a club's links at a time. */
export type LinkLock = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * One link change at a time per club (`/link` in any worker, `npm run discord:link`), so two made
 * at once cannot both pass "one Discord account per member". Changes are rare: a second one at
 * the same moment is refused with a word to try again. A crashed holder's claim lapses after
 * `lockMs` (default 15 s).
 */
export function createLinkLock(redis: Redis, prefix: string, lockMs = 15_000): LinkLock {
  const key = `${prefix}:links:lock`;
  return async (work) => {
    const token = randomUUID();
    if ((await redis.set(key, token, 'PX', lockMs, 'NX')) !== 'OK') {
      throw new LinkError('Another link is being changed right now: try again in a moment.');
    }
    try {
      return await work();
    } finally {
      await redis.eval(release, 1, key, token);
    }
  };
}
