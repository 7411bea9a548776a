import { randomUUID } from 'node:crypto';
import type { AccessPolicy } from '../../src/access/access-policy.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import type { Config } from '../../src/config.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import {
  benchConfig,
  benchLogger,
  benchPolicy,
  benchRatePerMinute,
  benchTimezone,
  benchToken,
} from './bench-setup.js';
import { openOneClub, type OneClub } from '../support/one-club.js';
import { startChild } from './child-process.js';
import { pickPeople, type BenchClub } from './club-people.js';

/** Options for {@link startBenchBot}. */
export interface BenchBotOptions {
  redisUrl: string;
  /** The seeded club's size. Default: 400. */
  members?: number;
  /** How many people send commands. Default: 40. */
  people?: number;
  /** One clock for the simulator, the budget, the cache and the dispatcher. Default: the wall clock. */
  now?: () => number;
  /** The simulator's today (yyyy-mm-dd). Default: the clock's. */
  today?: string;
  /** The per-person limit of the dispatcher; undefined turns it off. Default: {@link benchRatePerMinute}. */
  ratePerMinute?: number | undefined;
}

/**
 * The bot's shared parts in the runner's process: the simulator with a seeded club, the club as
 * `club-bot start` opens the environment's (a directory of one on the bench Redis, its keys and
 * doorbells under a prefix of their own, which the children share), the dispatcher, and the
 * people who ask.
 */
export interface BenchBot {
  simulator: RunningSimulator;
  services: ClubScope;
  config: Config;
  policy: AccessPolicy;
  dispatcher: Dispatcher;
  club: BenchClub;
  prefix: string;
  /** The club's directory of one (the scope above is its only club) and what runs it. */
  hosting: OneClub;
  /** Rings the jobs doorbell (a job put with the queue directly rings nothing). */
  ringJobs(): Promise<void>;
  /** Reads every cached collection once: a warm cache, as on any day after the first command. */
  warmCache(): Promise<void>;
  /**
   * The bot `npm start -- --role bot` runs (the Slack adapter, and the deliverer that posts the
   * workers' replies), in a process of its own on a free loopback port.
   */
  startSlack(slackApiUrl: string): Promise<{ eventsUrl: string; stop(): Promise<void> }>;
  /** The environment of a worker or adapter process (test/bench/processes/) on the same services. */
  workerEnv(slackApiUrl: string): Record<string, string>;
  /** Slack user id → email, as users.info gives them. */
  emails(): Record<string, string>;
  stop(): Promise<void>;
}

export async function startBenchBot(options: BenchBotOptions): Promise<BenchBot> {
  const simulator = await startSimulator({
    token: benchToken,
    members: options.members ?? 400,
    seed: 1,
    ...(options.now ? { now: options.now } : {}),
    ...(options.today ? { today: options.today } : {}),
  });
  const club = pickPeople(simulator, options.people ?? 40);
  const policy = benchPolicy(club.grants);
  const config = benchConfig(simulator.url, options.redisUrl);
  const logger = benchLogger('bench');
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const ratePerMinute = 'ratePerMinute' in options ? options.ratePerMinute : benchRatePerMinute;
  const hosting = openOneClub({
    config: { ...config, RATE_LIMIT_PER_MINUTE: ratePerMinute ?? 0 },
    logger,
    policy,
    root: prefix,
    timezone: benchTimezone,
    ...(options.now ? { now: options.now } : {}),
  });
  const { services } = hosting;
  const { dispatcher } = services;

  const childEnv = (slackApiUrl: string): Record<string, string> => ({
    BENCH_CLUB_API_URL: simulator.url,
    BENCH_REDIS_URL: options.redisUrl,
    BENCH_PREFIX: prefix,
    BENCH_SLACK_API_URL: slackApiUrl,
    BENCH_GRANTS: JSON.stringify(club.grants),
  });

  return {
    simulator,
    services,
    config,
    policy,
    dispatcher,
    club,
    prefix,
    hosting,
    ringJobs: () => hosting.ringJobs(),
    async warmCache() {
      const { data } = services;
      await Promise.all([
        data.members(),
        data.sessions(),
        data.whosWho(),
        data.groups(),
        data.roles(),
        data.events(),
        data.meets(),
        data.incidents(),
        data.trialRequests(),
        data.waitingList(),
      ]);
    },
    async startSlack(slackApiUrl) {
      const app = await startChild('slack-app', childEnv(slackApiUrl));
      return { eventsUrl: String(app.ready.eventsUrl), stop: async () => void (await app.stop()) };
    },
    workerEnv: childEnv,
    emails: () => Object.fromEntries(club.people.map((person) => [person.userId, person.email])),
    async stop() {
      await hosting.close();
      await simulator.stop();
    },
  };
}
