import type { Redis } from 'ioredis';
import { BudgetDeniedError } from '../budget/daily-budget.js';
import { ClubError } from '../club/club-errors.js';
import { takeLease, whileHeld } from '../redis/redis-lease.js';

/** Options for {@link createFiler}. */
export interface FilerOptions {
  redis: Redis;
  prefix: string;
  /** How long a filing is remembered, so a late duplicate is still recognised. Default: 30 days. */
  rememberMs?: number;
  /**
   * How long an attempt's claim on a key lasts unless renewed. It is renewed while the attempt
   * runs, so a crashed worker's claim lapses this soon and another can take over. Default: 15 s.
   */
  lockMs?: number;
}

/** Another process is filing this key right now: try again shortly. */
export class FilingInProgressError extends Error {
  readonly code = 'filing-in-progress';
  constructor(readonly key: string) {
    super('This submission is being filed by another worker.');
    this.name = 'FilingInProgressError';
  }
}

/** What filing (or finding) a record gave. */
export interface Filed {
  /** The record's Guid in the club service. */
  reference: string;
  /** False when it had been filed before (a duplicate submission or a retried job). */
  filedNow: boolean;
}

export interface Filer {
  /**
   * Files a record at most once per key. `file` posts it and returns its Guid; `find` looks for a
   * record an earlier attempt may have filed before its answer was lost (the ambiguous case: the
   * service filed it, but the worker died or the answer timed out).
   */
  fileOnce(
    key: string,
    steps: { file: () => Promise<string>; find: () => Promise<string | undefined> },
  ): Promise<Filed>;
}

/**
 * Exactly-once filing on top of an at-least-once queue. Per key, a hash records `intent` before
 * the POST and `filed` with the reference after it; a lock keeps two attempts from overlapping.
 * An attempt that finds an intent without a reference looks for the record before posting again.
 */
export function createFiler(options: FilerOptions): Filer {
  const { redis, prefix } = options;
  const rememberMs = options.rememberMs ?? 30 * 24 * 3_600_000;
  const lockMs = options.lockMs ?? 15_000;

  return {
    async fileOnce(key, steps) {
      const stateKey = `${prefix}:filing:${key}`;
      const lockKey = `${prefix}:filing-lock:${key}`;
      const done = await redis.hget(stateKey, 'reference');
      if (done) return { reference: done, filedNow: false };

      const lease = await takeLease(redis, lockKey, lockMs);
      if (!lease) throw new FilingInProgressError(key);
      // Renewed while the attempt runs; a crashed worker's claim lapses within `lockMs`.
      return whileHeld(lease, lockMs / 3, async () => {
        const state = await redis.hgetall(stateKey);
        if (state.reference) return { reference: state.reference, filedNow: false };
        if (state.intent) {
          const found = await steps.find();
          if (found) {
            await remember(stateKey, found);
            return { reference: found, filedNow: false };
          }
        }
        await redis
          .multi()
          .hset(stateKey, 'intent', String(Date.now()))
          .pexpire(stateKey, rememberMs)
          .exec();
        let reference: string;
        try {
          reference = await steps.file();
        } catch (error) {
          if (filedNothing(error)) await redis.hdel(stateKey, 'intent');
          throw error;
        }
        await remember(stateKey, reference);
        return { reference, filedNow: true };
      });
    },
  };

  async function remember(stateKey: string, reference: string): Promise<void> {
    await redis.multi().hset(stateKey, 'reference', reference).pexpire(stateKey, rememberMs).exec();
  }
}

/**
 * True when the attempt certainly filed nothing: the call was never made (no budget) or the
 * service gave a definite refusal (400, 401, 403, 404). A fault or timeout may have filed it.
 */
function filedNothing(error: unknown): boolean {
  if (error instanceof BudgetDeniedError) return true;
  return error instanceof ClubError && (!error.retryable || error.code === 'budget-exhausted');
}
