import { randomUUID } from 'node:crypto';
import type { ChatUser, Platform } from '../../src/core/chat-user.js';
import type { Reply } from '../../src/core/reply.js';
import {
  openClubDirectory,
  type ClubDirectory,
  type HostedClub,
} from '../../src/hosting/club-directory.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { doorbellKeys } from '../../src/redis/club-keys.js';
import { createClubRegistry, type ClubRegistry } from '../../src/hosting/club-registry.js';
import { createDoorbell } from '../../src/hosting/doorbell.js';
import { startFairWorkerPool, type FairWorkerPool } from '../../src/hosting/fair-worker-pool.js';
import { loadProcessConfig } from '../../src/config.js';
import { connectRedis } from '../../src/hosting/redis-client.js';
import { startHostedDeliverer } from '../../src/hosting/start-hosted-deliverer.js';
import type { DispatchResult } from '../../src/dispatch/create-dispatcher.js';
import type { Heartbeat } from '../../src/ops/heartbeat.js';
import type { JobFinished } from '../../src/jobs/club-queue.js';
import { createLogger } from '../../src/log.js';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { testRedisUrl, uniquePrefix } from '../support/redis.js';

/** A club of the harness: its id, and its own simulator options and limit. */
export interface HarnessClub {
  id: string;
  simulator?: Partial<SimulatorOptions>;
  dailyLimit?: number;
}

/** A grant every harness club's policy gives the console person `tester`. */
export const testerPolicy = `grant:
  - platform: console
    user: tester
    roles: [coach, welfare, admin]
`;

/**
 * A hosting deployment in-process: a registry under a root of its own on the test Redis, a
 * simulator per club (each with its own token and seed), the directory, a fair worker pool and
 * the hosted deliverer, replies kept by conversation id.
 */
export async function startHostingHarness(options: {
  clubs: HarnessClub[];
  concurrency?: number;
  perClubConcurrency?: number;
  /** How often the pool looks at every queue, and a job's lock. Default: the pool's. */
  sweepMs?: number;
  lockDurationMs?: number;
  /** Sinks besides the console's, per club (e.g. Discord's against the fake). */
  sinksFor?: (club: HostedClub) => Partial<Record<Platform, ReplySink>>;
  /** A Redis Cluster's nodes (REDIS_CLUSTER_NODES) instead of the test Redis. */
  clusterNodes?: string;
  /** Start without the worker pool (start it with `startPool`). */
  noPool?: boolean;
  /** Beaten by the pool after each pass over the clubs. Default: none. */
  heartbeat?: Heartbeat;
  /** Told of each job the pool finishes, in order. */
  onFinished?: (event: JobFinished, clubId: string) => void;
}) {
  const root = uniquePrefix('host');
  const location = {
    REDIS_URL: options.clusterNodes
      ? `redis://${options.clusterNodes.split(',')[0]}`
      : testRedisUrl(),
    REDIS_CLUSTER_NODES: options.clusterNodes,
  };
  const redis = connectRedis(location, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const queueConnection = connectRedis(location, { maxRetriesPerRequest: null });
  const logger = createLogger({ level: 'silent' });
  const registry: ClubRegistry = createClubRegistry(redis, testSealer, { root });
  const simulators = new Map<string, RunningSimulator>();
  for (const [index, club] of options.clubs.entries()) {
    const token = `token-${club.id}`;
    const simulator = await startSimulator({
      token,
      members: 40,
      seed: 11 + index,
      ...club.simulator,
    });
    simulators.set(club.id, simulator);
    await registry.add({
      id: club.id,
      name: `Club ${club.id}`,
      apiUrl: simulator.url,
      layout: 'spec',
      token,
      dailyLimit: club.dailyLimit ?? 5000,
      timezone: 'Europe/London',
      slackTeams: [`T${club.id.toUpperCase().replace(/-/g, '')}`],
      discordGuilds: [String(900_000 + index)],
      policy: testerPolicy,
    });
  }
  // No rate limit: the floods of the fairness tests come from one person.
  const config = {
    ...loadProcessConfig({ ...location, CLUB_DATA_KEY: testDataKey, CLUB_API_TIMEOUT_MS: '2000' }),
    RATE_LIMIT_PER_MINUTE: 0,
  };
  const jobsBell = createDoorbell(redis, doorbellKeys(root).jobs);
  const outboxBell = createDoorbell(redis, doorbellKeys(root).outbox);
  const directory: ClubDirectory = await openClubDirectory({
    registry,
    config,
    connections: { redis, queueConnection },
    logger,
    root,
    refreshMs: 100,
    jobsBell,
  });
  const replies = new Map<string, Reply[]>();
  const deliverer = startHostedDeliverer({
    directory,
    redis,
    logger,
    root,
    sinksFor: (club) => ({
      ...options.sinksFor?.(club),
      console: {
        async deliver(address, reply) {
          if (address.platform !== 'console') return;
          replies.set(address.conversationId, [
            ...(replies.get(address.conversationId) ?? []),
            reply,
          ]);
        },
      },
    }),
  });
  const startPool = () =>
    startFairWorkerPool({
      directory,
      redis,
      queueConnection,
      logger,
      root,
      concurrency: options.concurrency ?? 4,
      perClubConcurrency: options.perClubConcurrency,
      sweepMs: options.sweepMs,
      lockDurationMs: options.lockDurationMs,
      onReplyPut: (id) => outboxBell.ring(id),
      heartbeat: options.heartbeat,
      onFinished: options.onFinished,
    });
  let pool: FairWorkerPool | undefined = options.noPool ? undefined : startPool();
  const dispatcherOf = (club: HostedClub) => club.dispatcher;
  const tester: ChatUser = { platform: 'console', userId: 'tester' };

  return {
    root,
    dispatcherOf,
    redis,
    registry,
    directory,
    simulators,
    replies,
    get pool() {
      return pool;
    },
    startPool() {
      pool ??= startPool();
      return pool;
    },
    /** Sends a command line as `tester` to a club; resolves the conversation id and the result. */
    async send(clubId: string, line: string, user: ChatUser = tester) {
      const club = directory.club(clubId);
      if (!club) throw new Error(`no club ${clubId}`);
      const id = randomUUID();
      const [slash = '', ...rest] = line.split(' ');
      const result: DispatchResult = await dispatcherOf(club).command(
        { id, slash, text: rest.join(' ') },
        user,
        { platform: 'console', conversationId: id },
      );
      return { id, result };
    },
    async stop() {
      await pool?.close();
      await deliverer.stop();
      await directory.close();
      await Promise.all([...simulators.values()].map((simulator) => simulator.stop()));
      await redis.quit();
      await queueConnection.quit();
    },
  };
}

export type HostingHarness = Awaited<ReturnType<typeof startHostingHarness>>;
