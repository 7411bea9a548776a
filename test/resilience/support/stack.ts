import { testDataKey } from '../../support/data-key.js';
import { randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { testRedisUrl } from '../../support/redis.js';
import { ownConnections } from '../../../src/app/own-connections.js';
import type { ClubScope } from '../../../src/hosting/club-scope.js';
import {
  environmentClubId,
  environmentClubSettings,
  openEnvironmentDirectory,
} from '../../../src/hosting/environment-directory.js';
import {
  startFairWorkerPool,
  type FairWorkerPool,
  type FairWorkerPoolOptions,
} from '../../../src/hosting/fair-worker-pool.js';
import { doorbellsOf } from '../../../src/hosting/start-club-work.js';
import { startHostedDeliverer } from '../../../src/hosting/start-hosted-deliverer.js';
import type { Platform } from '../../../src/core/chat-user.js';
import { loadConfig } from '../../../src/config.js';
import type { Dispatcher } from '../../../src/dispatch/create-dispatcher.js';
import type { CommandRequest, FormSubmission } from '../../../src/jobs/club-queue.js';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';
import type { Logger } from '../../../src/log.js';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../../src/simulator/start-simulator.js';
import { capturedLogger } from './log-capture.js';
import { repliesKeyOf, replyListSink, type PushedReply } from './reply-list-sink.js';
import { clubSeed, clubToken, testPolicy, timezone } from './secrets.js';

export type { PushedReply } from './reply-list-sink.js';

/**
 * The bot's front half in the test process, as `club-bot start --role bot` runs the environment's
 * club (its scope in a directory of one, the dispatcher every adapter uses, the hosted deliverer
 * of the outbox's replies) and the club-service simulator; worker processes join with `env`, or
 * a pool runs in the test process (`startPool`). Keys and doorbells are the scenario's own.
 */
export interface Stack {
  simulator: RunningSimulator;
  /** The club's scope, as `club-bot start` builds it. */
  services: ClubScope;
  dispatcher: Dispatcher;
  /**
   * The deliverer's sinks, read at each delivery: console replies go to a Redis list (see
   * `replies`); a test adds others (the Slack front adds Slack's) or replaces them.
   */
  sinks: Partial<Record<Platform, ReplySink>>;
  /** The key prefix, also the root of the doorbells (`TEST_PREFIX`, `TEST_ROOT`). */
  prefix: string;
  /**
   * The fair worker pool over the stack's directory in the test process, as `club-bot start
   * --role worker` runs one; it stops when the stack closes.
   */
  startPool(
    options: { logger: Logger } & Pick<
      FairWorkerPoolOptions,
      'concurrency' | 'perClubConcurrency' | 'onFinished'
    >,
  ): FairWorkerPool;
  /** The environment of a worker process on this stack. */
  env: Record<string, string>;
  /** Full names of active seeded members. */
  names: string[];
  replies(): Promise<PushedReply[]>;
  /** Jobs waiting, active, delayed or prioritised, and replies not yet delivered. */
  pending(): Promise<number>;
  close(): Promise<void>;
}

export interface StackOptions {
  name: string;
  /** Default: the test run's Redis. */
  redisUrl?: string;
  simulator?: Partial<SimulatorOptions>;
  /** Configuration of both halves (CLUB_DAILY_LIMIT, CLUB_API_TIMEOUT_MS, …). */
  config?: Record<string, string>;
  budgetWindowMs?: number;
  /** Whether this process delivers the outbox's replies. Default: true (false: a worker process does, `TEST_DELIVER`). */
  deliverer?: boolean;
}

/** Starts a scenario's stack; it closes when the test that started it finishes, if not before. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const simulator = await startSimulator({ token: clubToken, ...clubSeed, ...options.simulator });
  const prefix = `${options.name}-${randomUUID().slice(0, 8)}`;
  const settings = {
    CLUB_DATA_KEY: testDataKey,
    REDIS_URL: options.redisUrl ?? testRedisUrl(),
    CLUB_API_URL: simulator.url,
    CLUB_API_TOKEN: clubToken,
    CLUB_TIMEZONE: timezone,
    RATE_LIMIT_PER_MINUTE: '100000',
    // One tester sends everything: these scenarios are about the club, not one person's share.
    CLUB_PERSON_DAILY_SHARE: '100%',
    CLUB_PERSON_DAILY_FORMS: '100000',
    // The testers are not linked to members: their reports are filed under this one.
    CLUB_REPORTS_MEMBER: String(simulator.admin.records('users')[0]?.Guid),
    ...options.config,
  };
  const config = loadConfig(settings);
  const frontLogger = capturedLogger(`${options.name}-front`);
  // The scenario's own keys and doorbells: other files' pools share the Redis.
  const root = prefix;
  const connections = ownConnections(config, frontLogger);
  const bells = doorbellsOf(connections.redis, root);
  const directory = openEnvironmentDirectory({
    settings: { ...environmentClubSettings(config, testPolicy), prefix, timezone },
    discordGuilds: [],
    // The testers send everything from one place: these scenarios are not about the rate limit.
    config: { ...config, RATE_LIMIT_PER_MINUTE: 0 },
    connections,
    logger: frontLogger,
    jobsBell: bells.jobs,
    budgetWindowMs: options.budgetWindowMs,
  });
  const services = directory.club(environmentClubId)!;
  const { dispatcher } = services;
  const repliesKey = repliesKeyOf(prefix);
  const sinks: Stack['sinks'] = { console: replyListSink(services.redis, prefix) };
  const deliverer =
    options.deliverer === false
      ? undefined
      : startHostedDeliverer({
          directory,
          redis: connections.redis,
          logger: capturedLogger(`${options.name}-deliverer`),
          root,
          sinksFor: () => sinks,
        });
  const pools = new Set<FairWorkerPool>();
  const names = [
    ...new Set(
      simulator.admin
        .records('users')
        .filter((record) => record.Active !== 0)
        .map((record) => `${String(record.Firstname)} ${String(record.Lastname)}`),
    ),
  ];
  let closed: Promise<void> | undefined;
  const close = async () => {
    // The pools first, their active jobs answered; then the deliverer.
    await Promise.all([...pools].map((pool) => pool.close()));
    await deliverer?.stop();
    await directory.close();
    await connections.queueConnection.quit().catch(() => connections.queueConnection.disconnect());
    await connections.redis.quit().catch(() => connections.redis.disconnect());
    await simulator.stop();
  };
  onTestFinished(() => (closed ??= close()));
  return {
    simulator,
    services,
    dispatcher,
    sinks,
    prefix,
    names,
    startPool(poolOptions) {
      const pool = startFairWorkerPool({
        ...poolOptions,
        directory,
        redis: connections.redis,
        queueConnection: connections.queueConnection,
        root,
        onReplyPut: bells.outbox.ring,
      });
      pools.add(pool);
      return pool;
    },
    env: {
      ...settings,
      TEST_PREFIX: prefix,
      TEST_ROOT: root,
      ...(options.budgetWindowMs ? { TEST_BUDGET_WINDOW_MS: String(options.budgetWindowMs) } : {}),
    },
    async replies() {
      const lines = await services.redis.lrange(repliesKey, 0, -1);
      return lines.map((line) => JSON.parse(line) as PushedReply);
    },
    async pending() {
      const undelivered = await services.outbox.pending();
      const counts = await services.queue.queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'waiting-children',
      );
      return Object.values(counts).reduce((sum, count) => sum + count, undelivered);
    },
    close: () => (closed ??= close()),
  };
}

export const consoleUser = { platform: 'console' as const, userId: 'tester' };

/** A command as the console adapter would hand it over, answered to the conversation `id`. */
export function consoleCommand(
  slash: string,
  text = '',
): { input: { id: string; slash: string; text: string }; replyTo: CommandRequest['replyTo'] } {
  const id = randomUUID();
  return { input: { id, slash, text }, replyTo: { platform: 'console', conversationId: id } };
}

/** An incident submission with a unique title, answered to the conversation `id`. */
export function incidentSubmission(
  title: string,
  reporter: string,
  extra: Record<string, string> = {},
): {
  input: { id: string; key: string; form: FormSubmission['form']; values: Record<string, string> };
  replyTo: FormSubmission['replyTo'];
} {
  const id = randomUUID();
  return {
    input: {
      id,
      key: `console:${id}`,
      form: 'incident',
      values: {
        title,
        date: '2026-03-14',
        status: 'Open',
        details: 'Seen from the gallery during the session.',
        proposedAction: '',
        reporter,
        ...extra,
      },
    },
    replyTo: { platform: 'console', conversationId: id },
  };
}

/** Files a form through the stack's dispatcher as the console would; its conversation's id. */
export async function submitConsoleForm(
  stack: Stack,
  form: FormSubmission['form'],
  values: Record<string, string>,
): Promise<{ id: string; kind: string }> {
  const id = randomUUID();
  const submitted = await stack.dispatcher.submitForm(
    { id, key: `console:${id}`, form, values },
    consoleUser,
    { platform: 'console', conversationId: id },
  );
  return { id, kind: submitted.kind };
}
