import { afterAll, describe, expect, it } from 'vitest';
import { takeLease, whileHeld } from '../../src/redis/redis-lease.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

const redis = connectTestRedis();
afterAll(async () => {
  await redis.quit();
});

describe('a lease on a Redis key', () => {
  it('when one holder has it, another cannot take it until it is released', async () => {
    const key = `${uniquePrefix('lease')}:lock`;
    const first = await takeLease(redis, key, 5_000);
    expect(first).toBeDefined();
    expect(await takeLease(redis, key, 5_000)).toBeUndefined();
    expect(await first!.release()).toBe(true);
    expect(await takeLease(redis, key, 5_000)).toBeDefined();
  });

  it('when its holder dies (stops renewing), it lapses within one lease and another takes it over', async () => {
    const key = `${uniquePrefix('lease')}:lock`;
    const ms = 200;
    await takeLease(redis, key, ms);
    const takenAt = Date.now();
    expect(await redis.pttl(key)).toBeLessThanOrEqual(ms);
    const successor = await waitFor(() => takeLease(redis, key, ms), 'the lease to lapse', 2_000);
    expect(successor.key).toBe(key);
    // Within one lease, and a poll or two of the test's own.
    expect(Date.now() - takenAt).toBeLessThan(ms + 150);
  });

  it('when a slow holder comes back after its lease was taken over, it can neither renew nor free the new holder’s lease', async () => {
    const key = `${uniquePrefix('lease')}:lock`;
    const slow = await takeLease(redis, key, 100);
    const successor = await waitFor(
      () => takeLease(redis, key, 5_000),
      'the lease to lapse',
      2_000,
    );
    expect(await slow!.renew()).toBe(false);
    expect(await slow!.release()).toBe(false);
    expect(await takeLease(redis, key, 5_000)).toBeUndefined();
    expect(await redis.pttl(key)).toBeGreaterThan(4_000);
    expect(await successor.renew()).toBe(true);
    expect(await successor.release()).toBe(true);
  });

  it('while work runs under it, it is renewed past its length, and freed when the work ends', async () => {
    const key = `${uniquePrefix('lease')}:lock`;
    const lease = await takeLease(redis, key, 150);
    let takenDuringWork: unknown = 'not tried';
    await whileHeld(lease!, 50, async () => {
      await new Promise((resolve) => setTimeout(resolve, 450));
      takenDuringWork = await takeLease(redis, key, 150);
    });
    expect(takenDuringWork).toBeUndefined();
    expect(await redis.exists(key)).toBe(0);
  });
});
