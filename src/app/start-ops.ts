import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { BotMetrics } from '../ops/bot-metrics.js';
import { watchEventLoop, type EventLoopWatchOptions } from '../ops/event-loop-turns.js';
import type { PartCheck } from '../ops/health-part.js';
import { jobBoardRoute, type BoardQueue } from '../ops/job-board.js';
import { opsRoutes, startOpsServer, type RunningOpsServer } from '../ops/ops-routes.js';
import { redisPart } from '../ops/redis-part.js';

/** Options for {@link startOps}. */
export interface StartOpsOptions {
  config: Pick<Config, 'OPS_PORT' | 'OPS_HOST' | 'OPS_USER' | 'OPS_PASSWORD'>;
  /** The process's own Redis connection, asked by both probes. */
  redis: Redis;
  metrics: BotMetrics;
  /** What this role needs besides Redis, by part name: platforms, own worker, club service, and `startUp` while it starts. */
  ready: Record<string, PartCheck>;
  /** The queues the job board shows. */
  queues(): BoardQueue[];
  logger: Logger;
  /** How long Redis may take to answer PING. Default: 5,000 ms. */
  redisTimeoutMs?: number;
  /** The event-loop watch's clock and timings. Default: its own defaults. */
  eventLoop?: EventLoopWatchOptions;
}

/**
 * The private ops port of every process: `/livez` (its event loop and Redis), `/readyz` (Redis
 * and what its role needs), `/metrics`, and the job board at `/jobs` when OPS_USER and
 * OPS_PASSWORD are set. Undefined, having said why, when the port is taken.
 */
export async function startOps(options: StartOpsOptions): Promise<RunningOpsServer | undefined> {
  const { config } = options;
  const loop = watchEventLoop(options.eventLoop);
  const redis = () => redisPart(options.redis, options.redisTimeoutMs);
  const routes = opsRoutes({
    metrics: options.metrics,
    checks: {
      live: { eventLoop: loop.part, redis },
      // Read at each request: a platform may join the role's parts after the port opens.
      get ready() {
        return { redis, ...options.ready };
      },
    },
  });
  const board = jobBoardRoute({
    user: config.OPS_USER,
    password: config.OPS_PASSWORD,
    queues: options.queues,
  });
  const server = await startOpsServer(
    config.OPS_PORT,
    board ? [...routes, board] : routes,
    config.OPS_HOST,
  ).catch((error: NodeJS.ErrnoException) => {
    loop.stop();
    if (error.code !== 'EADDRINUSE') throw error;
    options.logger.fatal(
      `OPS_PORT ${config.OPS_PORT} is taken on ${config.OPS_HOST}, most likely by another role of the bot on this host: give each process its own OPS_PORT.`,
    );
    return undefined;
  });
  if (!server) return undefined;
  options.logger.info(
    { opsPort: server.port, host: config.OPS_HOST, jobBoard: Boolean(board) },
    'ops port: /livez, /readyz, /metrics' + (board ? ' and /jobs' : ''),
  );
  return {
    port: server.port,
    async stop() {
      loop.stop();
      await server.stop();
    },
  };
}
