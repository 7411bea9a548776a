import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemberLinks } from '../../src/access/asker.js';
import { rotateKey } from '../../src/cli/rotate-key.js';
import { jobPayloadSchemas, jobDataAt, createClubQueue } from '../../src/jobs/club-queue.js';
import { clubKeys, clubPrefix, registryKeys } from '../../src/redis/club-keys.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import type { ClubRecord } from '../../src/hosting/club-record.js';
import { createDigestScheduler, schedulerIdOf } from '../../src/digests/digest-scheduler.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { createReplyOutbox, type OutboxEntry } from '../../src/delivery/reply-outbox.js';
import { textReply } from '../../src/core/reply.js';
import { createRedisInstallationStore } from '../../src/platforms/slack/redis-installation-store.js';
import { writeDataFormat } from '../../src/redis/data-format-marker.js';
import {
  DataFormatError,
  DataFormatMarkerError,
  migrateData,
} from '../../src/redis/data-format.js';
import type { SealedScope } from '../../src/redis/sealed-values.js';
import { createSealer, newDataKey, type Sealer } from '../../src/redis/sealer.js';
import { sealFormatOne } from '../support/format-one.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const otters: ClubRecord = {
  id: 'otters',
  name: 'Otters SC',
  apiUrl: 'https://otters.example',
  layout: 'spec',
  token: 'otters-token',
  dailyLimit: 5000,
  timezone: 'Europe/London',
  slackTeams: ['TOTTERS'],
  discordGuilds: ['900001'],
};
const welfare = { platform: 'discord' as const, userId: '100' };

describe('a hosting deployment’s data across key rotations and a format upgrade', () => {
  const connect = connectionsClosedAfterAll();
  const redis = connect();

  /** The deployment's long-lived stores as a process would open them, under `sealer`. */
  const storesOf = (root: string, sealer: Sealer) => {
    const at = registryKeys(root);
    const prefix = clubPrefix('otters', root);
    const club = sealer.forClub('otters');
    return {
      registry: createClubRegistry(redis, sealer, { root }),
      installations: createRedisInstallationStore({ redis, key: at.slackInstallations, sealer }),
      subscriptions: createSubscriptionStore(redis, prefix, club),
      links: createMemberLinks(redis, prefix, club),
      prefix,
    };
  };
  /** Everything long-lived reads back under `sealer`. */
  const expectAllRead = async (root: string, sealer: Sealer, invite?: string) => {
    const stores = storesOf(root, sealer);
    expect((await stores.registry.get('otters'))?.token).toBe('otters-token');
    expect(await stores.registry.clubOfSlackTeam('TOTTERS')).toBe('otters');
    expect(await stores.installations.teamToken('TOTTERS')).toBe('xoxb-otters');
    expect((await stores.subscriptions.list()).map((s) => s.kind)).toEqual(['incidents']);
    expect(await stores.subscriptions.people('discord')).toEqual([welfare]);
    expect(await stores.links.get(welfare)).toBe('WELFARE-GUID');
    if (invite) expect(await stores.registry.invites.redeem(invite)).toBe('otters');
  };

  it('when the key is rotated twice (A → B,A → C,B), nothing long-lived is lost and each rotation reports 0 left', async () => {
    const root = uniquePrefix('rotate');
    const scope: SealedScope = { mode: 'hosting', root };
    const [a, b, c] = [newDataKey(), newDataKey(), newDataKey()];
    const first = createSealer(a);
    const stores = storesOf(root, first);
    // As each process (and the club CLI) does before writing: a new deployment's marker is written.
    expect((await migrateData(redis, first, scope)).from).toBe(1);
    await stores.registry.add(otters);
    await stores.installations.storeInstallation({
      team: { id: 'TOTTERS' },
      bot: { token: 'xoxb-otters' },
    } as never);
    const invite = await stores.registry.invites.create('otters');
    const subscription = await stores.subscriptions.add({
      kind: 'incidents',
      schedule: { at: '08:00' },
      platform: 'discord',
      addedBy: welfare,
      addedAt: 1,
    });
    await stores.subscriptions.remember(welfare);
    await stores.links.set(welfare, 'WELFARE-GUID');
    const queue = createClubQueue({
      connection: connect(),
      prefix: stores.prefix,
      sealer: first.forClub('otters'),
    });
    await createDigestScheduler(queue.queue, first.forClub('otters'), 'Europe/London').upsert(
      subscription,
    );

    // As each process does at start: the data format is already current.
    expect((await migrateData(redis, first, scope)).report).toBeUndefined();
    const printed: string[] = [];
    for (const key of [`${b},${a}`, `${c},${b}`]) {
      expect(await rotateKey(redis, createSealer(key), scope, (line) => printed.push(line))).toBe(
        0,
      );
    }
    for (const kind of [
      'data-format',
      'job',
      'invite',
      'digest-subscription',
      'member-link',
      'club-record',
    ]) {
      expect(printed.join('\n')).toMatch(new RegExp(`^${kind}: 1 sealed again, 0 already`, 'm'));
    }
    expect(printed.at(-1)).toMatch(/^0 left under an older key/);

    const latest = createSealer(c);
    await expectAllRead(root, latest, invite);
    const template = await queue.queue.getJobScheduler(schedulerIdOf(subscription.id));
    const sealed = (template?.template?.data as { sealed: string }).sealed;
    expect(
      latest
        .forClub('otters')
        .openJson(sealed, jobDataAt(queue.queue.qualifiedName, 'digest'), jobPayloadSchemas.digest),
    ).toEqual({ subscriptionId: subscription.id });
    await queue.close();
  });

  it('when data written by the bot before format 2 is migrated, a dry run changes nothing, then everything reads, and a newer format is refused', async () => {
    const root = uniquePrefix('upgrade');
    const scope: SealedScope = { mode: 'hosting', root };
    const key = newDataKey();
    const at = registryKeys(root);
    const prefix = clubPrefix('otters', root);
    // As the code before format 2 wrote it: records in clear with the token sealed alone, links
    // and invites in clear, other values sealed as s1 with no associated data.
    const record = { ...otters, token: sealFormatOne(key, otters.token) };
    await redis.hset(at.records, 'otters', JSON.stringify(record));
    await redis.hset(at.slackTeams, 'TOTTERS', 'otters');
    const code = 'ABCD-EFGH-JKMN';
    const digest = createHash('sha256').update('ABCDEFGHJKMN').digest('hex');
    const invite = JSON.stringify({ club: 'otters', expiresAt: Date.now() + 60_000 });
    await redis.hset(at.invites, digest, invite);
    const installation = { team: { id: 'TOTTERS' }, bot: { token: 'xoxb-otters' } };
    await redis.hset(
      at.slackInstallations,
      'TOTTERS',
      sealFormatOne(key, JSON.stringify(installation)),
    );
    const subscription = {
      id: 'k3f9q',
      kind: 'incidents',
      schedule: { at: '08:00' },
      platform: 'discord',
      addedBy: welfare,
      addedAt: 1,
    };
    await redis.hset(
      `${prefix}:digests:subscriptions`,
      'k3f9q',
      sealFormatOne(key, JSON.stringify(subscription)),
    );
    const person = createHash('sha256').update('discord:100').digest('hex').slice(0, 24);
    await redis.hset(
      `${prefix}:digests:people`,
      person,
      sealFormatOne(key, JSON.stringify(welfare)),
    );
    await redis.hset(`${prefix}:links:discord`, '100', 'WELFARE-GUID');
    const sealer = createSealer(key);

    await expect(storesOf(root, sealer).registry.get('otters')).rejects.toThrowError(/not sealed/);
    const dry = await migrateData(redis, sealer, scope, { dryRun: true });
    expect(dry.from).toBe(1);
    expect(Object.fromEntries([...dry.report!].map(([kind, n]) => [kind, n.resealed]))).toEqual({
      'club-record': 1,
      invite: 1,
      'slack-installation': 1,
      'digest-subscription': 1,
      'digest-people': 1,
      'member-link': 1,
    });
    expect(await redis.hget(at.records, 'otters')).toBe(JSON.stringify(record));

    const done = await migrateData(redis, sealer, scope);
    expect([done.from, done.to]).toEqual([1, 2]);
    await expectAllRead(root, sealer, code);
    expect((await migrateData(redis, sealer, scope)).report).toBeUndefined();

    await writeDataFormat(redis, sealer, scope, 3);
    await expect(migrateData(redis, sealer, scope)).rejects.toThrowError(DataFormatError);
    await expect(migrateData(redis, sealer, scope)).rejects.toThrowError(/format 3, newer/);
  });

  it('when the marker is deleted and a clear Discord link is planted, the next start refuses to migrate and the link is not believed', async () => {
    const root = uniquePrefix('marker');
    const scope: SealedScope = { mode: 'hosting', root };
    const sealer = createSealer(newDataKey());
    await migrateData(redis, sealer, scope);
    const stores = storesOf(root, sealer);
    await stores.registry.add(otters);
    await stores.links.set({ platform: 'discord', userId: '7' }, 'PARENT-GUID');
    // A club added after the migration does not send the deployment back to format 1.
    await stores.registry.add({ ...otters, id: 'seals', slackTeams: [], discordGuilds: [] });
    const seals = clubPrefix('seals', root);
    await redis.hset(`${seals}:links:discord`, '8', 'WELFARE-GUID');
    expect((await migrateData(redis, sealer, scope)).report).toBeUndefined();

    await redis.del(`${root}:{clubs}:data-format`);
    await redis.hset(`${stores.prefix}:links:discord`, '9', 'WELFARE-GUID');
    await expect(migrateData(redis, sealer, scope)).rejects.toThrowError(DataFormatMarkerError);
    await redis.set(`${root}:{clubs}:data-format`, '1');
    await expect(migrateData(redis, sealer, scope)).rejects.toThrowError(
      /data-format \(the data format's marker\) is missing or does not open/,
    );
    expect(await stores.links.get({ platform: 'discord', userId: '9' })).toBeUndefined();
    const sealsLinks = createMemberLinks(redis, seals, sealer.forClub('seals'));
    expect(await sealsLinks.get({ platform: 'discord', userId: '8' })).toBeUndefined();
    expect(await stores.links.get({ platform: 'discord', userId: '7' })).toBe('PARENT-GUID');
  });

  it('when replies wait in the outbox (past its first hundred) and in its retry set, rotation reports them left or re-seals them, never 0 left', async () => {
    const root = uniquePrefix('outbox');
    const scope: SealedScope = { mode: 'hosting', root };
    const [a, b] = [newDataKey(), newDataKey()];
    const prefix = clubPrefix('otters', root);
    const old = createSealer(a).forClub('otters');
    const outbox = createReplyOutbox(redis, prefix, old);
    const entry = (id: string): OutboxEntry => ({
      id,
      replyTo: { platform: 'console', conversationId: 'c' },
      reply: textReply('hi'),
    });
    await migrateData(redis, createSealer(a), scope);
    for (let n = 0; n < 120; n += 1) await outbox.put(entry(`r${n}`), `answered:r${n}`);
    const keys = clubKeys(prefix).outbox;
    const retry = old.sealJson(entry('later'), { kind: 'outbox', key: keys.stream });
    await redis.zadd(keys.later, 1_000, retry);

    const printed: string[] = [];
    const left = await rotateKey(redis, createSealer(`${b},${a}`), scope, (line) =>
      printed.push(line),
    );
    expect(left).toBe(120);
    expect(printed.join('\n')).toMatch(/^outbox: 1 sealed again, 0 already current, 120 left/m);
    const [member, score] = await redis.zrange(keys.later, '0', '-1', 'WITHSCORES');
    expect(score).toBe('1000');
    const later = createReplyOutbox(redis, prefix, createSealer(b).forClub('otters'));
    expect(later.read(['entry', member!])?.id).toBe('later');
  });
});
