import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script.js';

/**
 * A claim on a Redis key that lapses unless its holder renews it: a process that dies holding
 * one frees it within one lease. Only the holder (its token) can renew or release it, so a
 * holder that was too slow cannot free a lease another process has since taken.
 */
export interface Lease {
  readonly key: string;
  /** Extends the lease by its length if this holder still has it; resolves whether it did. */
  renew(): Promise<boolean>;
  /** Frees the lease if this holder still has it; resolves whether it did. */
  release(): Promise<boolean>;
}

/** KEYS[1] the lease. ARGV[1] the holder's token, ARGV[2] its length, ms. */
const renewScript = new RedisScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`,
);
/** KEYS[1] the lease. ARGV[1] the holder's token. */
const releaseScript = new RedisScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`,
);

/** Takes the lease at `key` for `ms`, unless another holder has it (then undefined). */
export async function takeLease(redis: Redis, key: string, ms: number): Promise<Lease | undefined> {
  const token = `${process.pid}-${randomUUID()}`;
  if ((await redis.set(key, token, 'PX', ms, 'NX')) !== 'OK') return undefined;
  return {
    key,
    async renew() {
      return (await renewScript.run(redis, [key], [token, ms])) === 1;
    },
    async release() {
      return (await releaseScript.run(redis, [key], [token])) === 1;
    },
  };
}

/**
 * Runs `work` holding `lease`, renewed every `renewEveryMs` (a third of the lease is usual) while
 * it runs, and released after. A renewal Redis missed is tried again at the next tick.
 */
export async function whileHeld<T>(
  lease: Lease,
  renewEveryMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const renewal = setInterval(() => void lease.renew().catch(() => undefined), renewEveryMs);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await lease.release();
  }
}
