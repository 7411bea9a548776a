import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { createAuditTrail } from '../../src/access/audit-trail.js';
import { createMemberLinks } from '../../src/access/asker.js';
import { loadConfig } from '../../src/config.js';
import type { Reply } from '../../src/core/reply.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { checkClubToken } from '../../src/hosting/check-club-token.js';
import { runClubCommand } from '../../src/hosting/club-commands.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import {
  environmentClubSettings,
  openEnvironmentDirectory,
} from '../../src/hosting/environment-directory.js';
import { startClubWork } from '../../src/hosting/start-club-work.js';
import { createClubQueue } from '../../src/jobs/club-queue.js';
import { createLogger } from '../../src/log.js';
import { migrateData } from '../../src/redis/data-format.js';
import { createSealer } from '../../src/redis/sealer.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey } from '../support/data-key.js';
import { testRedisUrl } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

// A database of this file's own (no other file uses 11): the environment's club's keys are at
// their real prefix, `club-bot`, as an existing deployment has them.
const redisUrl = () => `${testRedisUrl()}?db=11`;
const token = 'old-layout-token';
const slackUser = { platform: 'slack' as const, userId: 'U-OLD-COACH', teamId: 'T-OLD' };
let simulator: RunningSimulator;
let redis: Redis;
let coachGuid: string;

beforeAll(async () => {
  simulator = await startSimulator({ token, members: 40, seed: 4 });
  redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
  await redis.flushdb();
  coachGuid = String(simulator.admin.records('users')[0]?.Guid);
});
afterAll(async () => {
  await redis.flushdb();
  await redis.quit();
  await simulator.stop();
});

/** What the old single-club code left in Redis: every value sealed to club '' under `club-bot`. */
async function writeOldLayout(): Promise<void> {
  const sealer = createSealer(testDataKey);
  await migrateData(redis, sealer, { mode: 'single', prefix: 'club-bot' });
  await createMemberLinks(redis, 'club-bot', sealer).set(slackUser, coachGuid);
  await createAuditTrail({ redis, prefix: 'club-bot' }).record({
    at: Date.now(),
    askedBy: 'slack:U-OLD-COACH',
    command: '/member',
    members: [coachGuid],
    fieldGroups: [],
  });
  await createSubscriptionStore(redis, 'club-bot', sealer).add({
    kind: 'tonight',
    schedule: { at: '16:00' },
    platform: 'console',
    channelId: 'old-digest',
    addedBy: { platform: 'console', userId: 'tester' },
    addedAt: Date.now(),
  });
  // A job the old worker never took: queued, with no doorbell rung.
  const queue = createClubQueue({ connection: redis, prefix: 'club-bot', sealer });
  await queue.enqueueCommand({
    id: 'old-job',
    command: 'sessions',
    options: {},
    user: { platform: 'console', userId: 'tester' },
    replyTo: { platform: 'console', conversationId: 'old-job' },
    receivedAt: Date.now(),
  });
  await queue.close();
}

/** `club-bot club add swans …` on this file's Redis; what it prints goes to `printed`. */
function addSwans(printed: string[]): Promise<number> {
  return runClubCommand(
    ['add', 'swans', '--name', 'Swans', '--url', simulator.url, '--token', token],
    {
      registry: createClubRegistry(redis, createSealer(testDataKey)),
      redis,
      checkToken: checkClubToken,
      readFile: () => '',
      print: (line) => printed.push(line),
      installFlow: false,
    },
  );
}

describe('the club the environment describes, on Redis the single-club code wrote', () => {
  it('carries on: its links, audit trail and digests open under the same keys, and its queued job is answered', async () => {
    await writeOldLayout();
    // The layout as it has always been: pinned, so a change to it shows here.
    expect(
      await redis.exists('club-bot:links:slack', 'club-bot:audit', 'club-bot:data-format'),
    ).toBe(3);
    expect(await redis.exists('club-bot:digests:subscriptions')).toBe(1);
    expect(await redis.keys('club-bot:club-bot:*')).toContain('club-bot:club-bot:id');

    const config = loadConfig({
      REDIS_URL: redisUrl(),
      CLUB_API_URL: simulator.url,
      CLUB_API_TOKEN: token,
      CLUB_DATA_KEY: testDataKey,
    });
    const logger = createLogger({ level: 'silent' });
    const queueConnection = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    const directory = openEnvironmentDirectory({
      settings: environmentClubSettings(config, defaultAccessPolicy),
      discordGuilds: [],
      config,
      connections: { redis, queueConnection },
      logger,
    });
    const replies: Reply[] = [];
    const work = startClubWork({
      directory,
      redis,
      queueConnection,
      logger,
      sinksFor: () => ({
        console: {
          deliver: async (_address, reply) => void replies.push(reply),
        },
      }),
    });
    try {
      const club = directory.bySlackTeam('T-OLD')!;
      expect(club.prefix).toBe('club-bot');
      expect(await club.links.get(slackUser)).toBe(coachGuid);
      expect((await club.audit.read({ member: coachGuid })).map((entry) => entry.command)).toEqual([
        '/member',
      ]);
      const subscriptions = await createSubscriptionStore(redis, club.prefix, club.sealer).list();
      expect(subscriptions.map((s) => s.channelId)).toEqual(['old-digest']);
      await waitFor(() => replies.length > 0, 'the queued job’s answer', 20_000);
    } finally {
      await work.stop();
      await directory.close();
      await queueConnection.quit();
    }
  }, 40_000);

  it('refuses the registry’s first club while the environment’s club has data, naming what to do', async () => {
    const printed: string[] = [];
    const code = await addSwans(printed);
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain(
      "Redis holds the data of the club this deployment's environment describes",
    );
    expect(printed.join('\n')).toContain('a deployment of its own');
    expect(await createClubRegistry(redis, createSealer(testDataKey)).list()).toEqual([]);
  });

  it('adds the registry’s first club once the environment’s club has no data left', async () => {
    await redis.flushdb();
    const sealer = createSealer(testDataKey);
    await migrateData(redis, sealer, { mode: 'single', prefix: 'club-bot' });
    const code = await addSwans([]);
    expect(code).toBe(0);
  });
});
