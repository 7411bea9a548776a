import { testDataKey } from './data-key.js';
import { defaultAccessPolicy, type AccessPolicy } from '../../src/access/access-policy.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import { openTestClubScope } from './test-club-scope.js';
import { startReplyDeliverer } from '../../src/delivery/start-reply-deliverer.js';
import { startClubWorker } from './start-club-worker.js';
import type { Platform } from '../../src/core/chat-user.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import type { ClubWorker } from '../../src/jobs/create-worker.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { createLogger, type Logger } from '../../src/log.js';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.js';
import { testRedisUrl, uniquePrefix } from './redis.js';
import { simulatorOptionsFromEnv } from './simulator-environment.js';

export const harnessToken = 'harness-token-5b2e';
export const harnessTimezone = 'Europe/London';

/** Options for {@link startBotHarness}. */
export interface BotHarnessOptions {
  sinks?: Partial<Record<Platform, ReplySink>>;
  simulator?: Partial<SimulatorOptions>;
  policy?: AccessPolicy;
  /** Extra configuration (e.g. CLUB_DAILY_LIMIT). */
  env?: Record<string, string>;
  /** Start no worker (to test what adapters do alone). Default: false. */
  noWorker?: boolean;
  logger?: Logger;
  /** The budget's window (default 24 h), shortened to see calls come back. */
  budgetWindowMs?: number;
  /** The worker's clock (epoch ms). Default: Date.now. */
  now?: () => number;
}

/** The whole bot in-process on the test Redis: simulator, shared services, a worker, a dispatcher. */
export interface BotHarness {
  simulator: RunningSimulator;
  /** The club's scope, as `club-bot start` builds it. */
  services: ClubScope;
  worker?: ClubWorker;
  dispatcher: Dispatcher;
  config: Config;
  policy: AccessPolicy;
  stop(): Promise<void>;
}

export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  // TEST_SIM_PROFILE and TEST_SIM_LAYOUT; the client finds the layout with CLUB_API_LAYOUT=auto.
  const simulator = await startSimulator({
    token: harnessToken,
    members: 120,
    seed: 7,
    ...simulatorOptionsFromEnv(),
    ...options.simulator,
  });
  const config = loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: simulator.url,
    CLUB_API_TOKEN: harnessToken,
    REDIS_URL: testRedisUrl(),
    CLUB_API_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const policy = options.policy ?? defaultAccessPolicy;
  const services = openTestClubScope({
    config,
    logger,
    policy,
    prefix: uniquePrefix('bot'),
    timezone: harnessTimezone,
    budgetWindowMs: options.budgetWindowMs,
  });
  // The bot's side delivers the outbox's replies through the sinks; the worker fills it.
  const deliverer = startReplyDeliverer({
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
    sinks: options.sinks ?? {},
    logger,
  });
  const worker = options.noWorker
    ? undefined
    : startClubWorker({ services, logger, timezone: harnessTimezone, now: options.now });
  const { dispatcher } = services;
  return {
    simulator,
    services,
    worker,
    dispatcher,
    config,
    policy,
    async stop() {
      await worker?.close();
      await deliverer.stop();
      await services.close();
      await simulator.stop();
    },
  };
}
