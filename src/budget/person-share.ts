import type { Redis } from 'ioredis';
import type { ChatUser } from '../commands/chat-user.js';
import { createDailyBudget } from './create-daily-budget.js';

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

/** Counts one unit of `user`'s share, or throws {@link PersonShareSpentError}. */
export type PersonShare = (user: ChatUser) => Promise<void>;

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
  return async (user) => {
    const budget = createDailyBudget({
      redis: options.redis,
      prefix: `${options.prefix}:share:${options.kind}:${user.platform}:${user.userId}`,
      limit,
      windowMs: options.windowMs,
      now: options.now,
    });
    const reservation = await budget.reserve('write');
    if (!reservation.granted) throw new PersonShareSpentError(options.kind, reservation.retryAt);
  };
}
