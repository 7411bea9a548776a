import { testDataKey } from './data-key.js';
import { defaultAccessPolicy, type AccessPolicy } from '../../src/access/access-policy.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import { startClubWork } from '../../src/hosting/start-club-work.js';
import { startHostedDeliverer } from '../../src/hosting/start-hosted-deliverer.js';
import { openOneClub } from './one-club.js';
import type { Platform } from '../../src/core/chat-user.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
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
  /** Start no worker pool (to test what adapters do alone); replies are still delivered. Default: false. */
  noWorker?: boolean;
  logger?: Logger;
  /** The budget's window (default 24 h), shortened to see calls come back. */
  budgetWindowMs?: number;
  /** The worker's clock (epoch ms). Default: Date.now. */
  now?: () => number;
}

/**
 * The whole bot in-process on the test Redis, as `club-bot start` runs the environment's club: the
 * simulator, the club's scope in a directory of one, the fair worker pool and the deliverer.
 */
export interface BotHarness {
  simulator: RunningSimulator;
  /** The club's scope, as `club-bot start` builds it. */
  services: ClubScope;
  dispatcher: Dispatcher;
  config: Config;
  policy: AccessPolicy;
  /** Stops the pool and the deliverer until the returned function starts them again. */
  pauseWork(): Promise<() => void>;
  /** Rings the jobs doorbell, as `club-bot jobs retry` does. */
  ringJobs(): Promise<void>;
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
  const club = openOneClub({
    config,
    logger,
    policy,
    root: uniquePrefix('bot'),
    timezone: harnessTimezone,
    budgetWindowMs: options.budgetWindowMs,
  });
  const { directory, services, root } = club;
  const sinksFor = () => options.sinks ?? {};
  const startWork = () =>
    options.noWorker
      ? startHostedDeliverer({ directory, redis: club.redis, logger, root, sinksFor })
      : startClubWork({
          directory,
          redis: club.redis,
          queueConnection: club.queueConnection,
          root,
          logger,
          sinksFor,
          now: options.now,
        });
  let work = startWork();
  return {
    simulator,
    services,
    dispatcher: services.dispatcher,
    config,
    policy,
    ringJobs: club.ringJobs,
    async pauseWork() {
      await work.stop();
      return () => void (work = startWork());
    },
    async stop() {
      await work.stop();
      await club.close();
      await simulator.stop();
    },
  };
}
