import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ChatUser } from '../core/chat-user.js';
import { createDailyBudget } from './create-daily-budget.js';
import { clubKeys } from '../redis/club-keys.js';

/** What a person's share counts: club calls the cache could not answer, or forms filed. */
export type ShareKind = 'calls' | 'forms';

/** A person has used their share for the day: nothing was called or filed. */
export class PersonShareSpentError extends Error {
  readonly code = 'share-spent';
  constructor(
    readonly kind: ShareKind,
    /** Epoch ms when the person's share has room again. */
    readonly retryAt: number,
  ) {
    super(`This person's daily share of ${kind} is used up.`);
    this.name = 'PersonShareSpentError';
  }
}

/**
 * Counts one unit of `user`'s share, or throws {@link PersonShareSpentError}. With `once` (a
 * filing's idempotency key) the unit is counted once for that key however often it is asked.
 */
export type PersonShare = (user: ChatUser, once?: string) => Promise<void>;

/**
 * A share per person over a rolling 24 hours, shared by every process through Redis: one person
 * cannot spend the club's whole budget, nor flood the incident book. Keys hold only the
 * platform's user id.
 */
export function createPersonShare(options: {
  redis: Redis;
  prefix: string;
  kind: ShareKind;
  /** Units one person may spend in a window; at least 2. */
  limit: number;
  windowMs?: number;
  now?: () => number;
}): PersonShare {
  const limit = Math.max(2, Math.floor(options.limit));
  const windowMs = options.windowMs ?? 24 * 3_600_000;
  return async (user, once) => {
    const keys = clubKeys(options.prefix);
    const prefix = keys.share(options.kind, user.platform, user.userId);
    // A filing's retries (16 attempts, an outage) cost the person one unit, not one per attempt.
    const spentKey =
      once === undefined
        ? undefined
        : keys.shareSpent(
            options.kind,
            user.platform,
            user.userId,
            createHash('sha256').update(once).digest('hex').slice(0, 32),
          );
    if (spentKey && (await options.redis.set(spentKey, '1', 'PX', windowMs, 'NX')) !== 'OK') return;
    const budget = createDailyBudget({
      redis: options.redis,
      prefix,
      limit,
      windowMs: options.windowMs,
      now: options.now,
    });
    const reservation = await budget.reserve('write').catch(async (error: unknown) => {
      if (spentKey) await options.redis.del(spentKey);
      throw error;
    });
    if (reservation.granted) return;
    if (spentKey) await options.redis.del(spentKey);
    throw new PersonShareSpentError(options.kind, reservation.retryAt);
  };
}
