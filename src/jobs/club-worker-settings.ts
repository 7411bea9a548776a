import type { Worker, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import {
  cappedBackoff,
  cappedBackoffType,
  type JobName,
  type JobResult,
  type SealedJobData,
} from './club-queue.js';
import { defaultRoot } from '../redis/club-keys.js';

/** Jobs at once in a worker process unless told otherwise (`WORKER_CONCURRENCY`). */
export const defaultConcurrency = 8;

/** The worker's BullMQ options: concurrency, locks, stalled checks and the capped backoff. */
export function clubWorkerSettings(options: {
  connection: Redis;
  prefix?: string;
  concurrency?: number;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}): WorkerOptions {
  return {
    connection: options.connection,
    prefix: options.prefix ?? defaultRoot,
    concurrency: options.concurrency ?? defaultConcurrency,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: 3,
    settings: {
      backoffStrategy: (attemptsMade, type) =>
        type === cappedBackoffType ? cappedBackoff(attemptsMade) : 1_000,
    },
  };
}

/** Logs a worker's errors and failed jobs (their ids and our messages, never their data). */
export function watchWorker(
  worker: Worker<SealedJobData, JobResult, JobName>,
  logger: Logger,
): void {
  worker.on('error', (error) => logger.error({ err: describeError(error) }, 'worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    logger.warn(
      { job: job.id, kind: job.name, attempts: job.attemptsMade, err: describeError(error) },
      'job failed',
    );
  });
}
