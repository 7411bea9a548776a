import type { Queue } from 'bullmq';
import {
  jobOptions,
  jobDataAt,
  type JobName,
  type JobPayloads,
  type SealedJobData,
} from '../jobs/club-queue.js';
import type { Sealer } from '../redis/sealer.js';
import { cronPatternOf } from './digest-schedule.js';
import type { Subscription } from './subscription-store.js';

/** The digests' job schedulers: one per subscription, kept in Redis by BullMQ. */
export interface DigestScheduler {
  /** Creates or updates the subscription's scheduler (one per id, however many processes call it). */
  upsert(subscription: Subscription): Promise<void>;
  drop(id: string): Promise<void>;
  /** The next run (epoch ms), when scheduled. */
  next(id: string): Promise<number | undefined>;
}

/** A job scheduler's id (BullMQ ids should not hold ':'). */
export function schedulerIdOf(subscriptionId: string): string {
  return `digest-${subscriptionId}`;
}

/**
 * Schedules with BullMQ's job schedulers: a cron pattern in the club's time zone, so 16:00 stays
 * 16:00 local time across the clocks changing. Each occurrence is a `digest` job whose sealed
 * payload names the subscription.
 */
export function createDigestScheduler(
  queue: Queue<SealedJobData, unknown, JobName>,
  sealer: Sealer,
  timezone: string,
): DigestScheduler {
  return {
    async upsert(subscription) {
      const payload: JobPayloads['digest'] = { subscriptionId: subscription.id };
      await queue.upsertJobScheduler(
        // BullMQ types the scheduler's id as a job name, though any string is taken.
        schedulerIdOf(subscription.id) as JobName,
        { pattern: cronPatternOf(subscription.schedule), tz: timezone },
        {
          name: 'digest',
          data: { sealed: sealer.sealJson(payload, jobDataAt(queue.qualifiedName, 'digest')) },
          opts: jobOptions.digest,
        },
      );
    },
    async drop(id) {
      await queue.removeJobScheduler(schedulerIdOf(id));
    },
    async next(id) {
      return (await queue.getJobScheduler(schedulerIdOf(id)))?.next ?? undefined;
    },
  };
}
