import type { Redis } from 'ioredis';
import type { Platform } from '../core/chat-user.js';
import type { ReplySink } from '../delivery/reply-sink.js';
import type { JobFinished } from '../jobs/club-queue.js';
import type { Logger } from '../log.js';
import type { Heartbeat } from '../ops/heartbeat.js';
import type { ClubDirectory, ClubScope } from './club-directory.js';
import { doorbellKeys } from '../redis/club-keys.js';
import { createDoorbell } from './doorbell.js';
import { startFairWorkerPool, type FairWorkerPoolOptions } from './fair-worker-pool.js';
import { startHostedDeliverer } from './start-hosted-deliverer.js';

/** The doorbells of a deployment's root: rung after a job is queued, and after a reply is put. */
export function doorbellsOf(redis: Redis, root?: string) {
  const keys = doorbellKeys(root);
  return { jobs: createDoorbell(redis, keys.jobs), outbox: createDoorbell(redis, keys.outbox) };
}

/** Options for {@link startClubWork}. */
export interface ClubWorkOptions extends Pick<
  FairWorkerPoolOptions,
  'concurrency' | 'perClubConcurrency' | 'lockDurationMs' | 'sweepMs' | 'now'
> {
  directory: ClubDirectory;
  redis: Redis;
  queueConnection: Redis;
  logger: Logger;
  /** The root of the deployment's keys (its doorbells). Default: `club-bot`. */
  root?: string;
  sinksFor(club: ClubScope): Partial<Record<Platform, ReplySink>>;
  heartbeat?: Heartbeat;
  onFinished?: (event: JobFinished, clubId: string) => void;
}

/**
 * Both roles' work in one process, as `club-bot start` runs it: the fair worker pool and the
 * deliverer over the directory. The demo and the test harnesses start it; `stop()` stops the
 * pool first (its active jobs answered), then the deliverer.
 */
export function startClubWork(options: ClubWorkOptions) {
  const { directory, redis, logger, root } = options;
  const bells = doorbellsOf(redis, root);
  const deliverer = startHostedDeliverer({
    directory,
    redis,
    logger,
    root,
    sinksFor: options.sinksFor,
  });
  const pool = startFairWorkerPool({
    ...options,
    onReplyPut: bells.outbox.ring,
  });
  return {
    pool,
    async stop(): Promise<void> {
      await pool.close();
      await deliverer.stop();
    },
  };
}
