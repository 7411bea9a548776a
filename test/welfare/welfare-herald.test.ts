import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asker, ChatUser } from '../../src/core/chat-user.js';
import type { Reply } from '../../src/core/reply.js';
import type { BotRole } from '../../src/core/roles.js';
import { createReplyOutbox } from '../../src/delivery/reply-outbox.js';
import { createWelfareHerald } from '../../src/welfare/welfare-herald.js';
import { testSealer } from '../support/data-key.js';
import { memberRecord } from '../support/member-record.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { clubKeys } from '../../src/redis/club-keys.js';

let redis: Redis;
beforeAll(() => void (redis = connectTestRedis()));
afterAll(() => redis.quit());

const notice: Reply = { title: 'New incident reported', visibility: 'asker', personalData: true };
const wendySlack: ChatUser = { platform: 'slack', userId: 'UWENDY', teamId: 'T1' };
const wendyDiscord: ChatUser = { platform: 'discord', userId: '720000000000000001' };
const coach: ChatUser = { platform: 'discord', userId: '720000000000000002' };

/** A herald on a fresh outbox; `roles` says who holds what now (tests change it). */
function heraldWith(roles: Map<string, BotRole[]>) {
  const prefix = uniquePrefix('herald');
  let rings = 0;
  const herald = createWelfareHerald({
    candidates: async () => [wendySlack, wendyDiscord, coach],
    async resolveAsker(user): Promise<Asker> {
      const held = roles.get(user.userId) ?? [];
      return {
        user,
        memberGuid: held.includes('welfare') ? 'wendy' : 'other',
        roles: ['everyone', ...held],
      };
    },
    data: {
      members: async () => ({
        value: [memberRecord('wendy', { firstName: 'Wendy', lastName: 'Hale' })],
        fetchedAt: 0,
        stale: false,
      }),
    },
    outbox: createReplyOutbox(redis, prefix, testSealer),
    onPut: async () => void (rings += 1),
  });
  const left = async () => redis.xlen(clubKeys(prefix).outbox.stream);
  return { herald, left, rings: () => rings };
}

describe('telling the welfare officers', () => {
  it('tells each chat account of a welfare officer once, names them once, and tells nobody else', async () => {
    const roles = new Map<string, BotRole[]>([
      [wendySlack.userId, ['welfare']],
      [wendyDiscord.userId, ['welfare']],
      [coach.userId, ['coach']],
    ]);
    const { herald, left, rings } = heraldWith(roles);
    expect(await herald.tell('incident:k1', notice)).toEqual(['Wendy Hale']);
    expect(await left()).toBe(2);
    expect(rings()).toBe(1);
    // The same event told again (a job run again after a crash) puts nothing, yet names them.
    expect(await herald.tell('incident:k1', notice)).toEqual(['Wendy Hale']);
    expect(await left()).toBe(2);
    expect(rings()).toBe(1);
  });

  it('decides the role when telling: an officer who lost it is not told; the person who acted is not told of it', async () => {
    const roles = new Map<string, BotRole[]>([[wendySlack.userId, ['welfare']]]);
    const { herald, left } = heraldWith(roles);
    expect(await herald.tell('link:a', notice, { except: wendySlack })).toEqual([]);
    expect(await left()).toBe(0);
    roles.set(wendySlack.userId, ['coach']);
    expect(await herald.tell('link:b', notice)).toEqual([]);
    expect(await left()).toBe(0);
  });
});
