import type { Redis } from 'ioredis';
import { BudgetDeniedError } from '../budget/daily-budget.js';
import { ClubError } from '../club/club-errors.js';
import { takeLease, whileHeld } from '../redis/redis-lease.js';
import { clubKeys } from '../redis/club-keys.js';

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
  /**
   * True when an identical record was there before this key's first attempt: another submission
   * filed it (or Redis, restored from a backup, forgot this one's filing). Nothing was filed for
   * this key, so its answer must not say it was.
   */
  foundFirst?: boolean;
}

/** How one record is filed, and found again. */
export interface FilingSteps {
  file: () => Promise<string>;
  find: () => Promise<string | undefined>;
  /**
   * Look before the first attempt too (Redis restored from an older backup has forgotten a
   * filing). False for a duplicate the person confirmed: the look would take the record they
   * were shown for this one. Default: true.
   */
  lookFirst?: boolean;
}

export interface Filer {
  /**
   * Files a record at most once per key. `file` posts it and returns its Guid; `find` looks for a
   * record filed before: by an attempt whose answer was lost (the worker died, the answer timed
   * out), or before a restore of Redis from a backup older than the filing.
   */
  fileOnce(key: string, steps: FilingSteps): Promise<Filed>;
}

/**
 * Exactly-once filing on top of an at-least-once queue. Per key, a hash records `intent` before
 * the POST and `filed` with the reference after it; a lock keeps two attempts from overlapping.
 * Every attempt without a reference looks for the record in the club service before it posts,
 * the first included (unless `lookFirst` is false): Redis restored from an older backup holds no
 * trace of a filing since.
 */
export function createFiler(options: FilerOptions): Filer {
  const { redis, prefix } = options;
  const rememberMs = options.rememberMs ?? 30 * 24 * 3_600_000;
  const lockMs = options.lockMs ?? 15_000;

  return {
    async fileOnce(key, steps) {
      const stateKey = clubKeys(prefix).filing(key);
      const lockKey = clubKeys(prefix).filingLock(key);
      const [done, foundFirst] = await redis.hmget(stateKey, 'reference', 'foundFirst');
      if (done) return known(done, foundFirst);

      const lease = await takeLease(redis, lockKey, lockMs);
      if (!lease) throw new FilingInProgressError(key);
      // Renewed while the attempt runs; a crashed worker's claim lapses within `lockMs`.
      return whileHeld(lease, lockMs / 3, async () => {
        const state = await redis.hgetall(stateKey);
        if (state.reference) return known(state.reference, state.foundFirst);
        const found = state.intent || steps.lookFirst !== false ? await steps.find() : undefined;
        if (found) {
          // No earlier attempt of this key: the record found is someone's (or something's) else.
          const first = state.intent ? undefined : '1';
          await remember(stateKey, found, first);
          return known(found, first);
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

  async function remember(stateKey: string, reference: string, foundFirst?: string): Promise<void> {
    const fields = foundFirst ? { reference, foundFirst } : { reference };
    await redis.multi().hset(stateKey, fields).pexpire(stateKey, rememberMs).exec();
  }
}

/** A record filed (or found) before this attempt; `foundFirst` as remembered with it. */
function known(reference: string, foundFirst: string | null | undefined): Filed {
  return foundFirst
    ? { reference, filedNow: false, foundFirst: true }
    : { reference, filedNow: false };
}

/**
 * True when the attempt certainly filed nothing: the call was never made (no budget) or the
 * service gave a definite refusal (400, 401, 403, 404). A fault or timeout may have filed it.
 */
function filedNothing(error: unknown): boolean {
  if (error instanceof BudgetDeniedError) return true;
  return error instanceof ClubError && (!error.retryable || error.code === 'budget-exhausted');
}
