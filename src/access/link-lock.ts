import type { Redis } from 'ioredis';
import { takeLease, whileHeld } from '../redis/redis-lease.js';
import { LinkError } from './link-discord-user.js';
import { clubKeys } from '../redis/club-keys.js';

/** Runs one change of a club's links at a time. */
export type LinkLock = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * One link change at a time per club (`/link` in any worker, `npm run discord:link`), so two made
 * at once cannot both pass "one Discord account per member". Changes are rare: a second one at
 * the same moment is refused with a word to try again. The lease is renewed while the change
 * runs (it may wait on the club service); a crashed holder's lapses after `lockMs` (default 15 s).
 */
export function createLinkLock(redis: Redis, prefix: string, lockMs = 15_000): LinkLock {
  const key = clubKeys(prefix).linksLock;
  return async (work) => {
    const lease = await takeLease(redis, key, lockMs);
    if (!lease) {
      throw new LinkError('Another link is being changed right now: try again in a moment.');
    }
    return whileHeld(lease, lockMs / 3, work);
  };
}
