import { afterAll, describe, expect, it } from 'vitest';
import { createLinkLock } from '../../src/access/link-lock.js';
import { LinkError } from '../../src/access/link-discord-user.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

const redis = connectTestRedis();
afterAll(async () => {
  await redis.quit();
});

describe('one link change at a time per club', () => {
  it('when a change outlasts the lock’s length (a slow club service), a second change is still refused, and the lock is freed after', async () => {
    const prefix = uniquePrefix('link-lock');
    const lock = createLinkLock(redis, prefix, 150);
    let second: unknown = 'not tried';
    await lock(async () => {
      await new Promise((resolve) => setTimeout(resolve, 450));
      second = await lock(() => Promise.resolve('changed')).catch((error: unknown) => error);
    });
    expect(second).toBeInstanceOf(LinkError);
    expect(await redis.exists(`${prefix}:links:lock`)).toBe(0);
    expect(await lock(() => Promise.resolve('changed'))).toBe('changed');
  });
});
