import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvites } from '../../src/hosting/invites.js';
import { testSealer } from '../support/data-key.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

const redis = connectTestRedis();
afterAll(async () => {
  await redis.quit();
});

const digestOf = (code: string) =>
  createHash('sha256').update(code.replace(/-/g, '')).digest('hex');

describe('finding an invite code', () => {
  it('when an invite has no expiry, or a past one, it is not found (as redeeming would refuse it)', async () => {
    const key = `${uniquePrefix('invites')}:invites`;
    const invites = createInvites(redis, key, testSealer);
    const place = (code: string) => ({ kind: 'invite' as const, key, field: digestOf(code) });
    await redis.hset(key, {
      [digestOf('AAAA-BBBB-CCCC')]: testSealer.sealJson(
        { club: 'otters' },
        place('AAAA-BBBB-CCCC'),
      ),
      [digestOf('DDDD-EEEE-FFFF')]: testSealer.sealJson(
        { club: 'otters', expiresAt: Date.now() - 1 },
        place('DDDD-EEEE-FFFF'),
      ),
    });
    expect(await invites.find('AAAA-BBBB-CCCC')).toBeUndefined();
    expect(await invites.find('DDDD-EEEE-FFFF')).toBeUndefined();
    const fresh = await invites.create('otters');
    expect((await invites.find(fresh))?.clubId).toBe('otters');
  });
});
