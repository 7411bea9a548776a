import { openClubDirectory, type ClubDirectory } from '../../src/clubs/club-directory.js';
import { doorbellKeys } from '../../src/clubs/club-keys.js';
import { createClubRegistry } from '../../src/clubs/club-registry.js';
import { createDoorbell } from '../../src/clubs/doorbell.js';
import { loadHostConfig } from '../../src/clubs/host-config.js';
import { connectRedis } from '../../src/clubs/redis-client.js';
import type { Logger } from '../../src/log.js';
import { createSealer } from '../../src/redis/sealer.js';
import { testDataKey } from '../support/data-key.js';
import { benchLogger } from './bench-setup.js';
import { requiredEnv } from './process-services.js';

/**
 * A hosting child's shared parts, as `npm start` builds them when the registry holds clubs: one
 * pair of connections, the registry under the runner's root (BENCH_ROOT), the directory, and the
 * two doorbells.
 */
export async function openHostedProcess(component: string): Promise<{
  directory: ClubDirectory;
  redis: ReturnType<typeof connectRedis>;
  queueConnection: ReturnType<typeof connectRedis>;
  logger: Logger;
  root: string;
  ringJobs(clubId: string): Promise<void>;
  ringOutbox(clubId: string): Promise<void>;
  close(): Promise<void>;
}> {
  const root = requiredEnv('BENCH_ROOT');
  const location = { REDIS_URL: requiredEnv('BENCH_REDIS_URL') };
  const config = loadHostConfig({ ...location, CLUB_DATA_KEY: testDataKey });
  const redis = connectRedis(location, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const queueConnection = connectRedis(location, { maxRetriesPerRequest: null });
  const logger = benchLogger(component);
  const jobs = createDoorbell(redis, doorbellKeys(root).jobs);
  const outbox = createDoorbell(redis, doorbellKeys(root).outbox);
  const directory = await openClubDirectory({
    registry: createClubRegistry(redis, createSealer(testDataKey), { root }),
    config,
    connections: { redis, queueConnection },
    logger,
    root,
    onEnqueued: (id) => jobs.ring(id),
  });
  return {
    directory,
    redis,
    queueConnection,
    logger,
    root,
    ringJobs: (id) => jobs.ring(id),
    ringOutbox: (id) => outbox.ring(id),
    async close() {
      await directory.close();
      await queueConnection.quit();
      await redis.quit();
    },
  };
}
