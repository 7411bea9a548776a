import { testDataKey } from '../support/data-key.js';
import { startOps } from '../../src/app/start-ops.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import { startFairWorkerPool, type FairWorkerPool } from '../../src/hosting/fair-worker-pool.js';
import { startHostedDeliverer } from '../../src/hosting/start-hosted-deliverer.js';
import type { Platform } from '../../src/core/chat-user.js';
import { loadConfig } from '../../src/config.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { createLogger, type Logger } from '../../src/log.js';
import { createBotMetrics, type BotMetrics } from '../../src/ops/bot-metrics.js';
import type { EventLoopWatchOptions } from '../../src/ops/event-loop-turns.js';
import type { PartCheck } from '../../src/ops/health-part.js';
import { createHeartbeat, type Heartbeat } from '../../src/ops/heartbeat.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testRedisUrl, uniquePrefix } from '../support/redis.js';
import { openOneClub } from '../support/one-club.js';
import { waitFor } from '../support/wait-for.js';

export const opsToken = 'ops-token-3d9a';
export const opsTimezone = 'Europe/London';

/** Options for {@link startOpsFixture}. */
export interface OpsFixtureOptions {
  /** The token the bot sends. Default: the simulator's (a different one gets 401s). */
  token?: string;
  /** The club service's URL. Default: the fixture's simulator. */
  clubUrl?: string;
  /** Start a worker (it beats for /readyz at once). Default: true. */
  worker?: boolean;
  /** Reply sinks, given the metrics (for `platformError`) and the services. Default: none. */
  sinks?: (metrics: BotMetrics, services: ClubScope) => Partial<Record<Platform, ReplySink>>;
  logger?: Logger;
  /** A Redis URL other than the test Redis (e.g. one that never answers). */
  redisUrl?: string;
  /** Another process's key prefix (and doorbells), to share its queue. Default: its own. */
  prefix?: string;
  /** The clock of the worker's heartbeat. Default: `Date.now`. */
  now?: () => number;
  /** The event-loop watch's clock and timings. Default: its own. */
  eventLoop?: EventLoopWatchOptions;
  /** OPS_USER and OPS_PASSWORD. Default: unset (the job board is off). */
  opsUser?: string;
  opsPassword?: string;
}

/**
 * The bot's process assembled as `club-bot start` assembles it for the environment's club:
 * metrics first, a directory of one whose scope reports club calls, cache reads and
 * acknowledgements, the fair worker pool that beats and reports finished jobs, the deliverer — on
 * the test Redis and a simulator, with the real ops port (`/livez`, `/readyz`, `/metrics`,
 * `/jobs`) on loopback.
 */
export interface OpsFixture {
  simulator: RunningSimulator;
  services: ClubScope;
  metrics: BotMetrics;
  /** Stops this process's worker pool (its heartbeat then stops), as a stuck worker would. */
  stopWorker(): Promise<void>;
  /** Rings the jobs doorbell (for a job put with `queue.add`, which rings nothing). */
  ringJobs(): Promise<void>;
  heartbeat: Heartbeat;
  dispatcher: Dispatcher;
  /** The role's readiness parts as main.ts gives them; tests add platforms. */
  ready: Record<string, PartCheck>;
  /** Base URL of the ops port, e.g. `http://127.0.0.1:40123`. */
  url: string;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string; json: unknown; headers: Headers }>;
  stop(): Promise<void>;
}

export async function startOpsFixture(options: OpsFixtureOptions = {}): Promise<OpsFixture> {
  const simulator = await startSimulator({ token: opsToken, members: 60, seed: 11 });
  const config = loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: options.clubUrl ?? simulator.url,
    CLUB_API_TOKEN: options.token ?? opsToken,
    REDIS_URL: options.redisUrl ?? testRedisUrl(),
    CLUB_API_TIMEOUT_MS: '2000',
    OPS_PORT: '0',
    ...(options.opsUser ? { OPS_USER: options.opsUser } : {}),
    ...(options.opsPassword ? { OPS_PASSWORD: options.opsPassword } : {}),
  });
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const metrics = createBotMetrics();
  const club = openOneClub({
    config,
    logger,
    root: options.prefix ?? uniquePrefix('ops'),
    timezone: opsTimezone,
    rateLimit: false,
    onClubCall: (info) => metrics.clubCall(info),
    onCacheRead: metrics.cacheRead,
    onDispatched: metrics.acknowledged,
  });
  const { directory, services, root } = club;
  metrics.observe(services);
  const deliverer = startHostedDeliverer({
    directory,
    redis: club.redis,
    logger,
    root,
    sinksFor: (scope) => options.sinks?.(metrics, scope) ?? {},
    onDelivered: metrics.replyDelivered,
  });
  const heartbeat = createHeartbeat({ what: 'this process’s worker', now: options.now });
  const ready: Record<string, PartCheck> = { club: services.reachability.part };
  let pool: FairWorkerPool | undefined =
    options.worker === false
      ? undefined
      : startFairWorkerPool({
          directory,
          redis: club.redis,
          queueConnection: club.queueConnection,
          logger,
          root,
          heartbeat,
          onFinished: (event) => metrics.jobFinished(event),
          onReplyPut: club.ringOutbox,
        });
  if (pool) {
    ready.worker = heartbeat.part;
    await waitFor(() => heartbeat.part().ok, 'the worker’s first beat');
  }
  const { dispatcher } = services;
  const ops = await startOps({
    config,
    redis: club.redis,
    metrics,
    ready,
    queues: () => [{ queue: services.queue.queue }],
    logger,
    redisTimeoutMs: 500,
    eventLoop: options.eventLoop,
  });
  if (!ops) throw new Error('the ops port did not open');
  const url = `http://127.0.0.1:${ops.port}`;
  return {
    simulator,
    services,
    metrics,
    ringJobs: club.ringJobs,
    async stopWorker() {
      await pool?.close();
      pool = undefined;
    },
    heartbeat,
    dispatcher,
    ready,
    url,
    async get(path, headers = {}) {
      const response = await fetch(`${url}${path}`, { headers });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json, headers: response.headers };
    },
    async stop() {
      await ops.stop();
      await pool?.close();
      await deliverer.stop();
      await club.close();
      await simulator.stop();
    },
  };
}
