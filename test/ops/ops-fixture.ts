import { testDataKey } from '../support/data-key.js';
import { createClubServices, type ClubServices } from '../../src/app/club-services.js';
import { createBotDispatcher } from '../../src/app/create-bot-dispatcher.js';
import { startReplyDeliverer } from '../../src/delivery/start-reply-deliverer.js';
import { startWorker } from '../../src/app/start-worker.js';
import type { Platform } from '../../src/commands/chat-user.js';
import { loadConfig } from '../../src/config.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import type { ClubWorker } from '../../src/jobs/create-worker.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { createLogger, type Logger } from '../../src/log.js';
import { createBotMetrics, type BotMetrics } from '../../src/ops/bot-metrics.js';
import { checkHealth } from '../../src/ops/health.js';
import { opsRoutes, startOpsServer, type OpsRoute } from '../../src/ops/ops-routes.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testRedisUrl, uniquePrefix } from '../support/redis.js';

export const opsToken = 'ops-token-3d9a';
export const opsTimezone = 'Europe/London';

/** Options for {@link startOpsFixture}. */
export interface OpsFixtureOptions {
  /** The token the bot sends. Default: the simulator's (a different one gets 401s). */
  token?: string;
  /** Start a worker (it beats for /healthz at once). Default: true. */
  worker?: boolean;
  /** Reply sinks, given the metrics (for `platformError`) and the services. Default: none. */
  sinks?: (metrics: BotMetrics, services: ClubServices) => Partial<Record<Platform, ReplySink>>;
  logger?: Logger;
  /** A Redis URL other than the test Redis (e.g. one that never answers). */
  redisUrl?: string;
}

/**
 * The bot's processes assembled as `src/main.ts` assembles them — metrics first, services that
 * report club calls and cache reads, a worker that reports finished jobs, a dispatcher that
 * reports acknowledgements — on the test Redis and a simulator, with `/healthz` and `/metrics`
 * served on loopback by the real ops routes.
 */
export interface OpsFixture {
  simulator: RunningSimulator;
  services: ClubServices;
  metrics: BotMetrics;
  worker?: ClubWorker;
  dispatcher: Dispatcher;
  routes: OpsRoute[];
  /** Each platform's "connected" answer, as main.ts reports them; tests change it. */
  platforms: Record<string, boolean>;
  /** Base URL of the ops server, e.g. `http://127.0.0.1:40123`. */
  url: string;
  get(path: string): Promise<{ status: number; text: string; json: unknown }>;
  stop(): Promise<void>;
}

export async function startOpsFixture(options: OpsFixtureOptions = {}): Promise<OpsFixture> {
  const simulator = await startSimulator({ token: opsToken, members: 60, seed: 11 });
  const config = loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: simulator.url,
    CLUB_API_TOKEN: options.token ?? opsToken,
    REDIS_URL: options.redisUrl ?? testRedisUrl(),
    CLUB_API_TIMEOUT_MS: '2000',
  });
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const metrics = createBotMetrics();
  const services = createClubServices({
    config,
    logger,
    prefix: uniquePrefix('ops'),
    onClubCall: metrics.clubCall,
    onCacheRead: metrics.cacheRead,
  });
  metrics.observe(services);
  const deliverer = startReplyDeliverer({
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
    sinks: options.sinks?.(metrics, services) ?? {},
    logger,
    onDelivered: (event) => metrics.replyDelivered(event),
  });
  const worker =
    options.worker === false
      ? undefined
      : startWorker({
          services,
          logger,
          timezone: opsTimezone,
          onFinished: (event) => metrics.jobFinished(event),
        });
  const dispatcher = createBotDispatcher(services, {
    timezone: opsTimezone,
    onDispatched: (platform, kind, seconds) => metrics.acknowledged(platform, kind, seconds),
  });
  const platforms: Record<string, boolean> = {};
  const routes = opsRoutes({
    metrics,
    health: () =>
      checkHealth({ redis: services.redis, prefix: services.prefix, platforms: () => platforms }),
  });
  const server = await startOpsServer(0, routes, '127.0.0.1');
  const url = `http://127.0.0.1:${server.port}`;
  return {
    simulator,
    services,
    metrics,
    worker,
    dispatcher,
    routes,
    platforms,
    url,
    async get(path) {
      const response = await fetch(`${url}${path}`);
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json };
    },
    async stop() {
      await server.stop();
      await worker?.close();
      await deliverer.stop();
      await services.close();
      await simulator.stop();
    },
  };
}
