import { anyKey } from '../support/any-cache-key.js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberLinks } from '../../src/access/asker.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import { openClubDirectory } from '../../src/hosting/club-directory.js';
import { clubPrefix, registryKeys } from '../../src/redis/club-keys.js';
import { createClubRegistry, type ClubRegistry } from '../../src/hosting/club-registry.js';
import type { ClubRecord } from '../../src/hosting/club-record.js';
import { runClubCommand } from '../../src/hosting/club-commands.js';
import { loadProcessConfig } from '../../src/config.js';
import { ClubRecordRefusedError } from '../../src/hosting/sealed-club-record.js';
import { createLogger } from '../../src/log.js';
import { createRedisInstallationStore } from '../../src/platforms/slack/redis-installation-store.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { startLocalServer } from '../support/local-http-server.js';
import { connectionsClosedAfterAll, testRedisUrl, uniquePrefix } from '../support/redis.js';

/**
 * As a person with write access to Redis but not the data key would: values moved between keys
 * and clubs, a rewritten registry record, a forged mapping, Discord link and invite code.
 */
describe('when Redis is written by someone without the data key', () => {
  const connect = connectionsClosedAfterAll();
  const redis = connect();
  let listener: Awaited<ReturnType<typeof startLocalServer>>;
  let root: string;
  let registry: ClubRegistry;
  let at: ReturnType<typeof registryKeys>;
  const record = (id: string, extra: Partial<ClubRecord> = {}): ClubRecord => ({
    id,
    name: `Club ${id}`,
    apiUrl: 'http://127.0.0.1:1',
    layout: 'spec',
    token: `token-${id}`,
    dailyLimit: 5000,
    timezone: 'Europe/London',
    slackTeams: [`T${id.toUpperCase()}`],
    discordGuilds: [],
    ...extra,
  });

  beforeAll(async () => {
    listener = await startLocalServer((_, response) => void response.end('{}'));
    root = uniquePrefix('tamper');
    at = registryKeys(root);
    registry = createClubRegistry(redis, testSealer, { root });
    await registry.add(record('otters'));
    await registry.add(
      record('seals', { policy: 'grant:\n  - platform: discord\n    user: "1"\n' }),
    );
  });
  afterAll(() => listener.close());

  it('then a record rewritten to send the token elsewhere is refused, naming the club, and nothing is sent there', async () => {
    const forged = { ...record('otters'), apiUrl: listener.url, token: 's1.x.y' };
    await redis.hset(at.records, 'otters', JSON.stringify(forged));
    await expect(registry.get('otters')).rejects.toThrowError(ClubRecordRefusedError);
    await expect(registry.get('otters')).rejects.toThrowError(/club "otters"/);
    const config = loadProcessConfig({ REDIS_URL: testRedisUrl(), CLUB_DATA_KEY: testDataKey });
    const opening = openClubDirectory({
      registry,
      config,
      connections: { redis, queueConnection: redis },
      logger: createLogger({ level: 'silent' }),
      root,
    });
    await expect(opening).rejects.toThrowError(/club "otters"/);
    const printed: string[] = [];
    const code = await runClubCommand(['show', 'otters'], {
      registry,
      redis,
      root,
      checkToken: () => Promise.resolve({ kind: 'refused' }),
      readFile: () => '',
      print: (line) => printed.push(line),
      installFlow: false,
    });
    expect(code).toBe(1);
    expect(printed.join('\n')).toMatch(/record of club "otters" in Redis was refused/);
    expect(listener.requests).toEqual([]);
    await redis.hdel(at.records, 'otters');
  });

  it('then another club’s sealed record (its policy, its mappings) copied into a club’s field is refused', async () => {
    await registry.add(record('grebes'));
    const seals = await redis.hget(at.records, 'seals');
    await redis.hset(at.records, 'grebes', seals!);
    await expect(registry.get('grebes')).rejects.toThrowError(/club "grebes"/);
    await expect(registry.list()).rejects.toThrowError(ClubRecordRefusedError);
    await redis.hdel(at.records, 'grebes');
  });

  it('then a forged Slack-team or Discord-guild mapping leads to no club', async () => {
    await redis.hset(at.slackTeams, 'TATTACKER', 'seals');
    await redis.hset(at.discordGuilds, '999', 'seals');
    expect(await registry.clubOfSlackTeam('TATTACKER')).toBeUndefined();
    expect(await registry.clubOfDiscordGuild('999')).toBeUndefined();
    expect(await registry.clubOfSlackTeam('TSEALS')).toBe('seals');
  });

  it('then a forged invite code, or one moved to another code, redeems nothing', async () => {
    const digestOf = (code: string) => createHash('sha256').update(code).digest('hex');
    const invite = JSON.stringify({ club: 'seals', expiresAt: Date.now() + 60_000 });
    await redis.hset(at.invites, digestOf('AAAABBBBCCCC'), invite);
    expect(await registry.invites.redeem('AAAA-BBBB-CCCC')).toBeUndefined();
    const real = await registry.invites.create('seals');
    const sealed = await redis.hget(at.invites, digestOf(real.replace(/-/g, '')));
    await redis.hset(at.invites, digestOf('DDDDEEEEFFFF'), sealed!);
    expect(await registry.invites.redeem('DDDD-EEEE-FFFF')).toBeUndefined();
    expect(await registry.invites.redeem(real)).toBe('seals');
  });

  it('then a Slack installation moved to another team’s field is not found', async () => {
    const store = createRedisInstallationStore({
      redis,
      key: at.slackInstallations,
      sealer: testSealer,
    });
    const installation = { team: { id: 'TSEALS' }, bot: { token: 'xoxb-seals' } };
    await store.storeInstallation(installation as never);
    expect(await store.teamToken('TSEALS')).toBe('xoxb-seals');
    await redis.hset(
      at.slackInstallations,
      'TOTHER',
      (await redis.hget(at.slackInstallations, 'TSEALS'))!,
    );
    expect(await store.teamToken('TOTHER')).toBeUndefined();
  });

  it('then a forged Discord link, or one moved to another user, makes nobody anyone', async () => {
    const prefix = clubPrefix('seals', root);
    const links = createMemberLinks(redis, prefix, testSealer.forClub('seals'));
    const welfare = { platform: 'discord' as const, userId: '100' };
    const intruder = { platform: 'discord' as const, userId: '666' };
    await links.set(welfare, 'WELFARE-GUID');
    await redis.hset(`${prefix}:links:discord`, '667', 'WELFARE-GUID');
    await redis.hset(
      `${prefix}:links:discord`,
      intruder.userId,
      (await redis.hget(`${prefix}:links:discord`, welfare.userId))!,
    );
    expect(await links.get(intruder)).toBeUndefined();
    expect(await links.get({ platform: 'discord', userId: '667' })).toBeUndefined();
    expect(await links.get(welfare)).toBe('WELFARE-GUID');
    expect(await links.list('discord')).toEqual([{ userId: '100', memberGuid: 'WELFARE-GUID' }]);
  });

  it('then a cached collection copied to another collection or another club is a miss, and loaded again', async () => {
    const cacheOf = (club: string) =>
      createReadCache({ redis, sealer: testSealer.forClub(club), prefix: clubPrefix(club, root) });
    const otters = cacheOf('otters');
    await otters.read(anyKey('members'), () => Promise.resolve(['250 otters']));
    const sealed = await redis.hget(`${clubPrefix('otters', root)}:cache:members`, 'value');
    for (const [club, collection] of [
      ['seals', 'members'],
      ['otters', 'sessions'],
    ] as const) {
      const entry = `${clubPrefix(club, root)}:cache:${collection}`;
      await redis.hset(entry, 'fetchedAt', String(Date.now()), 'version', 'v', 'value', sealed!);
      const read = await cacheOf(club).read(anyKey(collection), () =>
        Promise.resolve([`own ${club}`]),
      );
      expect(read.value).toEqual([`own ${club}`]);
    }
  });
});
