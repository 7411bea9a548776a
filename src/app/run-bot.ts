import { consoleToLogger } from './console-to-logger.js';
import { onShutdown, stopInReverse } from './on-shutdown.js';
import { ConfigError, isProduction } from '../config.js';
import { createLogger } from '../log.js';
import { createBotMetrics } from '../ops/bot-metrics.js';
import { startOps } from './start-ops.js';
import { startingPart, stoppingPart, type PartCheck } from '../ops/health-part.js';
import { createHeartbeat } from '../ops/heartbeat.js';
import { checkRedisPersistence } from '../ops/redis-persistence.js';
import { loggedSealer } from './logged-sealer.js';
import { doorbellKeys } from '../redis/club-keys.js';
import { createClubRegistry } from '../hosting/club-registry.js';
import { createDoorbell } from '../hosting/doorbell.js';
import { createClubBoardQueues } from '../hosting/club-board-queues.js';
import { checkTokensAtStart, refusedMessage } from '../hosting/check-tokens-at-start.js';
import { clubsReachable } from '../hosting/clubs-reachable.js';
import { startFairWorkerPool } from '../hosting/fair-worker-pool.js';
import { loadProcessConfig, type ProcessConfig } from '../config.js';
import { ownConnections } from './own-connections.js';
import { registryClubCount, RedisUnreachableError } from '../hosting/registry-club-count.js';
import { sealedDataAtStart } from './sealed-data-at-start.js';
import { AccessPolicyError, openDeploymentDirectory } from './open-deployment-directory.js';
import { startBotRole } from './start-bot-role.js';

export type Role = 'bot' | 'worker' | 'all';

/**
 * `club-bot start`, for one club or many (docs/hosting.md): the clubs are the registry's once it
 * holds any, or the one the environment describes. The ops port opens first, then Redis's
 * persistence and the sealed data are checked, then the worker pool, deliverer and platforms
 * start. Resolves the exit code.
 */
export async function runBot(role: Role, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: ProcessConfig;
  try {
    config = loadProcessConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, role });
  consoleToLogger(logger);
  let registryClubs: number;
  try {
    registryClubs = await registryClubCount(config);
  } catch (error) {
    if (!(error instanceof RedisUnreachableError)) throw error;
    return (logger.fatal(error.message), 1);
  }
  if (!config.CLUB_DATA_KEY) {
    logger.fatal(
      'CLUB_DATA_KEY is not set. The bot seals personal data in Redis with it: run `club-bot setup-key` and set CLUB_DATA_KEY to the key it prints.',
    );
    return 1;
  }
  const { redis, queueConnection } = ownConnections(config, logger);
  const closeConnections = async () => {
    await queueConnection.quit().catch(() => queueConnection.disconnect());
    await redis.quit().catch(() => redis.disconnect());
  };
  const sealer = loggedSealer(config.CLUB_DATA_KEY, logger);
  const registry = createClubRegistry(redis, sealer);
  const jobsBell = createDoorbell(redis, doorbellKeys().jobs);
  const outboxBell = createDoorbell(redis, doorbellKeys().outbox);
  const metrics = createBotMetrics();
  // Scraped only once the ops port is open, after the directory below exists.
  metrics.observeClubs(() => directory.built());
  let directory: Awaited<ReturnType<typeof openDeploymentDirectory>>;
  try {
    directory = await openDeploymentDirectory({
      registry,
      registryClubs,
      env,
      config,
      connections: { redis, queueConnection },
      logger,
      jobsBell,
      onClubCall: metrics.clubCall,
      onCacheRead: metrics.cacheRead,
      onDispatched: metrics.acknowledged,
    });
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AccessPolicyError) logger.fatal(error.message);
    else throw error;
    return (await closeConnections(), 1);
  }
  const stops: (() => Promise<void>)[] = [];
  // The ops port first, so a taken port stops the process before it takes any work; until every
  // part has started, it is live but not ready.
  const ready: Record<string, PartCheck> = { startUp: startingPart };
  const boardQueues = createClubBoardQueues({
    ids: () => directory.ids(),
    prefixOf: (id) => directory.prefixOf(id),
    redis,
  });
  const ops = await startOps({ config, redis, metrics, ready, queues: boardQueues.list, logger });
  const stopAll = async () => {
    await stopInReverse(stops);
    await directory.close();
    await closeConnections();
  };
  if (!ops)
    return (await boardQueues.close(), await directory.close(), await closeConnections(), 1);
  stops.push(
    () => boardQueues.close(),
    () => ops.stop(),
  );
  if (!(await checkRedisPersistence(redis, { production: isProduction(config), logger })))
    return (await stopAll(), 1);
  const sealedData = await sealedDataAtStart({
    redis,
    sealer,
    scope: directory.sealedScope,
    logger,
  });
  if (!sealedData) return (await stopAll(), 1);

  if (role !== 'bot') {
    const refused = await checkTokensAtStart(directory, { logger });
    // Nothing to serve when every club's token is refused (a deployment of one club: its own).
    if (refused.length > 0 && refused.length === directory.ids().length) {
      const [only] = refused;
      logger.fatal(
        refused.length === 1 && only !== undefined
          ? refusedMessage(only, directory.settingsOf(only)?.record === undefined)
          : 'Every club’s API token was refused: there is nothing to serve.',
      );
      return (await stopAll(), 1);
    }
    const heartbeat = createHeartbeat({ what: 'this process’s worker pool' });
    const pool = startFairWorkerPool({
      directory,
      redis,
      queueConnection,
      logger,
      concurrency: config.WORKER_CONCURRENCY,
      onFinished: metrics.jobFinished,
      onReplyPut: outboxBell.ring,
      heartbeat,
    });
    stops.push(() => pool.close());
    ready.worker = heartbeat.part;
    ready.clubs = () => clubsReachable(directory);
  }
  if (role !== 'worker') {
    const platforms = await startBotRole({
      config,
      directory,
      registry,
      redis,
      sealer,
      logger,
      metrics,
    });
    Object.assign(ready, platforms.ready);
    // The deliverer stops last, after a worker in this process has answered its active jobs.
    stops.unshift(platforms.stopDeliverer);
    stops.push(...platforms.stops);
  }
  ready.sealedData = sealedData;
  delete ready.startUp;
  onShutdown(logger, async () => {
    ready.shutdown = stoppingPart;
    await stopAll();
  });
  logger.info({ role, clubs: directory.ids().length }, 'club bot started');
  return 0;
}
