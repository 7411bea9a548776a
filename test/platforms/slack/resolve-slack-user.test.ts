import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { createSlackUserResolver } from '../../../src/platforms/slack/resolve-slack-user.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

/** A resolver whose users.info gives `emails[user]` and counts its calls. */
function resolverWith(emails: Record<string, string>) {
  const prefix = uniquePrefix('email');
  const lookups: string[] = [];
  const client = {
    users: {
      info: async ({ user }: { user: string }) => {
        lookups.push(user);
        const email = emails[user];
        return { ok: true, user: { profile: email ? { email } : {} } };
      },
    },
  };
  const emailOf = createSlackUserResolver({
    // A fake of Slack's Web API: only users.info is used.
    client: client as unknown as Parameters<typeof createSlackUserResolver>[0]['client'],
    redis,
    prefix,
    logger: createLogger({ level: 'silent' }),
  });
  return { emailOf, lookups, key: (user: string) => `${prefix}:slack:email:T1:${user}` };
}

describe("a Slack user's email", () => {
  it('when the same person runs commands again, it comes from Redis for an hour; once Redis has forgotten it, Slack is asked again', async () => {
    const { emailOf, lookups, key } = resolverWith({ U1: 'coach@example.org' });
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(lookups).toEqual(['U1']);
    expect(await redis.ttl(key('U1'))).toBeGreaterThan(3_500);

    await redis.del(key('U1'));
    expect(await emailOf('U1', 'T1')).toBe('coach@example.org');
    expect(lookups).toEqual(['U1', 'U1']);
  });

  it('when Slack holds no email for a person, that is kept too, for ten minutes', async () => {
    const { emailOf, lookups, key } = resolverWith({});
    expect(await emailOf('U2', 'T1')).toBeUndefined();
    expect(await emailOf('U2', 'T1')).toBeUndefined();
    expect(lookups).toEqual(['U2']);
    const ttl = await redis.ttl(key('U2'));
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});
