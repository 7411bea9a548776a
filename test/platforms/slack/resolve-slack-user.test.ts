import { afterAll, describe, expect, it } from 'vitest';
import { decideAsker } from '../../../src/access/asker.js';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import { createLogger } from '../../../src/log.js';
import { createSlackUserResolver } from '../../../src/platforms/slack/resolve-slack-user.js';
import { slackUser } from '../../../src/platforms/slack/map-request.js';
import { testSealer } from '../../support/data-key.js';
import { memberRecord } from '../../support/member-record.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

type FakeUser = {
  email?: string;
  team_id?: string;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_stranger?: boolean;
};

/** A resolver over a fake users.info (people by id, in the app's workspace T1) that counts calls. */
function resolverWith(people: Record<string, FakeUser>) {
  const prefix = uniquePrefix('person');
  const lookups: string[] = [];
  const client = {
    auth: { test: async () => ({ ok: true, team_id: 'T1' }) },
    users: {
      info: async ({ user }: { user: string }) => {
        lookups.push(user);
        const { email, ...rest } = people[user] ?? {};
        return { ok: true, user: { team_id: 'T1', ...rest, profile: email ? { email } : {} } };
      },
    },
  };
  const identify = createSlackUserResolver({
    // A fake of Slack's Web API: only users.info and auth.test are used.
    client: client as unknown as Parameters<typeof createSlackUserResolver>[0]['client'],
    redis,
    prefix,
    sealer: testSealer,
    logger: createLogger({ level: 'silent' }),
  });
  return { identify, lookups, key: (user: string) => `${prefix}:slack:person:T1:${user}` };
}

describe('who a Slack user is', () => {
  it('when the same person runs commands again, it comes from Redis for an hour, sealed; once Redis has forgotten it, Slack is asked again', async () => {
    const { identify, lookups, key } = resolverWith({ U1: { email: 'coach@example.org' } });
    expect(await identify('U1', 'T1')).toEqual({ email: 'coach@example.org', outsider: false });
    expect(await identify('U1', 'T1')).toEqual({ email: 'coach@example.org', outsider: false });
    expect(lookups).toEqual(['U1']);
    expect(await redis.ttl(key('U1'))).toBeGreaterThan(3_500);
    expect(await redis.get(key('U1'))).not.toContain('coach@example.org');

    await redis.del(key('U1'));
    expect((await identify('U1', 'T1')).email).toBe('coach@example.org');
    expect(lookups).toEqual(['U1', 'U1']);
  });

  it('when Slack holds no email for a person, that is kept too, for ten minutes', async () => {
    const { identify, lookups, key } = resolverWith({});
    expect(await identify('U2', 'T1')).toEqual({ outsider: false });
    expect(await identify('U2', 'T1')).toEqual({ outsider: false });
    expect(lookups).toEqual(['U2']);
    const ttl = await redis.ttl(key('U2'));
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('when the person is a guest, from another organisation, or asks from another workspace, they are an outsider and their email is not used', async () => {
    const email = 'welfare@example.org';
    const { identify } = resolverWith({
      GUEST: { email, is_restricted: true },
      SINGLE: { email, is_ultra_restricted: true },
      STRANGER: { email, is_stranger: true },
      EXTERNAL: { email, team_id: 'T-OTHER' },
      HOME: { email },
    });
    for (const user of ['GUEST', 'SINGLE', 'STRANGER', 'EXTERNAL']) {
      expect(await identify(user, 'T1'), user).toEqual({ outsider: true });
    }
    expect(await identify('HOME', 'T-OTHER')).toEqual({ outsider: true });
    expect(await identify('HOME', 'T1')).toEqual({ email, outsider: false });
  });

  it('an outsider is never linked by email and has no role beyond everyone, whatever the policy grants', () => {
    const welfare = memberRecord('w', { email: 'welfare@example.org', isCoach: true });
    const policy = {
      ...defaultAccessPolicy,
      grant: [{ platform: 'slack' as const, user: 'UGUEST', roles: ['admin' as const] }],
    };
    const asker = decideAsker(
      slackUser('UGUEST', 'T1', { email: 'welfare@example.org', outsider: true }),
      [welfare],
      [],
      policy,
    );
    expect(asker.memberGuid).toBeUndefined();
    expect(asker.roles).toEqual(['everyone']);
  });
});
