import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { openClubJobs } from '../jobs/club-queue.js';
import type { BoardQueue } from '../ops/job-board.js';

/** Options for {@link createClubBoardQueues}. */
export interface ClubBoardQueuesOptions {
  /** The registered clubs' ids, asked at each look. */
  ids(): readonly string[];
  /** Where a club's keys start (the directory's `prefixOf`). */
  prefixOf(id: string): string | undefined;
  redis: Redis;
}

/**
 * Every registered club's queue for the job board, labelled by club id (their queues share one
 * name): a plain Queue on the shared connection per club, kept while the club is registered. The
 * board's look builds no club's services, so an idle club still costs only its record.
 */
export function createClubBoardQueues(options: ClubBoardQueuesOptions) {
  const queues = new Map<string, Queue>();
  return {
    list(): BoardQueue[] {
      const ids = options.ids();
      for (const [id, queue] of queues) {
        if (ids.includes(id)) continue;
        queues.delete(id);
        void queue.close().catch(() => undefined);
      }
      return ids.flatMap((id) => {
        let queue = queues.get(id);
        const prefix = options.prefixOf(id);
        if (!queue && prefix !== undefined) {
          queue = openClubJobs(options.redis, prefix);
          queues.set(id, queue);
        }
        return queue ? [{ queue, label: id }] : [];
      });
    },
    async close(): Promise<void> {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
  };
}
