import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { createSlackUserResolver } from '../../../src/platforms/slack/resolve-slack-user.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

describe("a Slack user's email", () => {
  it('when the same person runs commands within a minute, the process answers from memory; after it, from Redis or Slack again', async () => {
    const prefix = uniquePrefix('email');
    let lookups = 0;
    const client = {
      users: {
        info: async () => {
          lookups += 1;
          return { ok: true, user: { profile: { email: 'coach@example.org' } } };
        },
      },
    };
    let clock = 1_000_000;
    const emailOf = createSlackUserResolver({
      // A fake of Slack's Web API: only users.info is used.
      client: client as unknown as Parameters<typeof createSlackUserResolver>[0]['client'],
      redis,
      prefix,
      logger: createLogger({ level: 'silent' }),
      now: () => clock,
    });
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(lookups).toBe(1);
    // Read back from Redis once, then remembered: gone from Redis, it is still known for a minute.
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    await redis.del(`${prefix}:slack:email:T1:U1`);
    clock += 59_000;
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(lookups).toBe(1);
    clock += 61_000;
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(lookups).toBe(2);
  });
});
