import { openClubDirectory, type ClubDirectory } from '../../src/hosting/club-directory.js';
import { doorbellKeys } from '../../src/redis/club-keys.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import { createDoorbell } from '../../src/hosting/doorbell.js';
import { loadProcessConfig } from '../../src/config.js';
import { connectRedis } from '../../src/hosting/redis-client.js';
import type { Logger } from '../../src/log.js';
import { createSealer } from '../../src/redis/sealer.js';
import { testDataKey } from '../support/data-key.js';
import { benchLogger, benchRatePerMinute } from './bench-setup.js';
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
  const config = {
    ...loadProcessConfig({ ...location, CLUB_DATA_KEY: testDataKey }),
    RATE_LIMIT_PER_MINUTE: benchRatePerMinute,
  };
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
    jobsBell: jobs,
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
