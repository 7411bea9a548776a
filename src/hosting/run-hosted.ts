import { consoleToLogger } from '../app/console-to-logger.js';
import { onShutdown, stopInReverse } from '../app/on-shutdown.js';
import { ConfigError, isProduction } from '../config.js';
import { createLogger } from '../log.js';
import { createBotMetrics } from '../ops/bot-metrics.js';
import { startOps } from '../app/start-ops.js';
import { startingPart, stoppingPart, type PartCheck } from '../ops/health-part.js';
import { createHeartbeat } from '../ops/heartbeat.js';
import { checkRedisPersistence } from '../ops/redis-persistence.js';
import { loggedSealer } from '../app/logged-sealer.js';
import { createDigests } from '../digests/create-digests.js';
import { openClubDirectory } from './club-directory.js';
import { defaultRoot, doorbellKeys } from '../redis/club-keys.js';
import { createClubMetrics } from './club-metrics.js';
import { createClubRegistry } from './club-registry.js';
import { createDoorbell } from './doorbell.js';
import { createClubBoardQueues } from './club-board-queues.js';
import { checkHostedTokens } from './check-hosted-tokens.js';
import { clubsReachable } from './clubs-reachable.js';
import { startFairWorkerPool } from './fair-worker-pool.js';
import { loadHostConfig, singleClubVariablesSet, type HostConfig } from './host-config.js';
import { startHostedPlatforms } from './hosted-platforms.js';
import { connectRedis } from './redis-client.js';
import { startHostedDeliverer } from './start-hosted-deliverer.js';
import { sealedDataAtStart } from '../app/sealed-data-at-start.js';

/**
 * `npm start` when the registry holds clubs (docs/hosting.md): the same roles as for one club,
 * every club served from one process's connections. Resolves the exit code.
 */
export async function runHosted(role: 'bot' | 'worker' | 'all'): Promise<number> {
  let config: HostConfig;
  try {
    config = loadHostConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, role });
  consoleToLogger(logger);
  if (!config.CLUB_DATA_KEY) {
    logger.fatal(
      'CLUB_DATA_KEY is not set: the registry’s tokens and personal data are sealed with it.',
    );
    return 1;
  }
  const ignored = singleClubVariablesSet(process.env);
  if (ignored.length > 0) {
    logger.warn({ ignored }, 'the club registry describes the clubs: these variables are ignored');
  }
  const redis = connectRedis(config, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  redis.on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'redis connection error'),
  );
  const queueConnection = connectRedis(config, { maxRetriesPerRequest: null });
  queueConnection.on('error', () => undefined);
  const sealer = loggedSealer(config.CLUB_DATA_KEY, logger);
  const registry = createClubRegistry(redis, sealer);
  const sealedData = await sealedDataAtStart({
    redis,
    sealer,
    scope: { mode: 'hosting', root: defaultRoot },
    logger,
  });
  if (!sealedData) return 1;
  const jobsBell = createDoorbell(redis, doorbellKeys().jobs);
  const outboxBell = createDoorbell(redis, doorbellKeys().outbox);
  const metrics = createBotMetrics();
  // Scraped only once the ops port is open, after the directory below exists.
  const clubMetrics = createClubMetrics(metrics.registry, () => directory.built());
  const directory = await openClubDirectory({
    registry,
    config,
    connections: { redis, queueConnection },
    logger,
    onEnqueued: (id) => jobsBell.ring(id),
    onClubCall: (id, info) => {
      metrics.clubCall(info);
      clubMetrics.clubCall(id, info);
    },
  });
  logger.info({ clubs: directory.ids().length }, 'hosting the clubs of the registry');
  const stops: (() => Promise<void>)[] = [];
  // As in main.ts: the ops port first, so a taken port stops the process before it takes work.
  const ready: Record<string, PartCheck> = { startUp: startingPart, sealedData };
  const boardQueues = createClubBoardQueues({ ids: () => directory.ids(), redis });
  const ops = await startOps({ config, redis, metrics, ready, queues: boardQueues.list, logger });
  if (!ops) return 1;
  stops.push(
    () => boardQueues.close(),
    () => ops.stop(),
  );
  if (!(await checkRedisPersistence(redis, { production: isProduction(config), logger })))
    return (await stopInReverse(stops), 1);

  if (role !== 'bot') {
    await checkHostedTokens(directory, logger);
    const heartbeat = createHeartbeat({ what: 'this process’s worker pool' });
    const pool = startFairWorkerPool({
      directory,
      redis,
      queueConnection,
      logger,
      concurrency: config.WORKER_CONCURRENCY,
      onFinished: (id, event) => {
        metrics.jobFinished(event, id);
        clubMetrics.jobFinished(id, event);
      },
      onReplyPut: (id) => outboxBell.ring(id),
      heartbeat,
    });
    stops.push(() => pool.close());
    ready.worker = heartbeat.part;
    ready.clubs = () => clubsReachable(directory);
  }
  if (role !== 'worker') {
    const platforms = await startHostedPlatforms({
      config,
      directory,
      registry,
      redis,
      sealer,
      logger,
      onApiError: (platform, code) => metrics.platformError(platform, code),
      onDispatched: (_club, platform, kind, seconds) =>
        metrics.acknowledged(platform, kind, seconds),
    });
    Object.assign(ready, platforms.ready);
    const goneOf = new WeakMap<object, ReturnType<typeof createDigests>['dropGone']>();
    const deliverer = startHostedDeliverer({
      directory,
      redis,
      logger,
      sinksFor: platforms.sinksFor,
      goneFor(club) {
        let gone = goneOf.get(club);
        if (!gone) {
          gone = createDigests(club.services, { timezone: club.timezone, logger }).dropGone;
          goneOf.set(club, gone);
        }
        return gone;
      },
      onDelivered: (_club, event) => metrics.replyDelivered(event),
    });
    stops.unshift(() => deliverer.stop());
    stops.push(...platforms.stops);
  }
  delete ready.startUp;
  onShutdown(logger, async () => {
    ready.shutdown = stoppingPart;
    await stopInReverse(stops);
    await directory.close();
    await queueConnection.quit().catch(() => queueConnection.disconnect());
    await redis.quit().catch(() => redis.disconnect());
  });
  logger.info({ role }, 'club bot started, hosting many clubs');
  return 0;
}
