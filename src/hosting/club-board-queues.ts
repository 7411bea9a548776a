import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { openClubJobs } from '../jobs/club-queue.js';
import type { BoardQueue } from '../ops/job-board.js';
import { clubPrefix } from '../redis/club-keys.js';

/** Options for {@link createClubBoardQueues}. */
export interface ClubBoardQueuesOptions {
  /** The registered clubs' ids, asked at each look. */
  ids(): readonly string[];
  redis: Redis;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
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
      return ids.map((id) => {
        let queue = queues.get(id);
        if (!queue) {
          queue = openClubJobs(options.redis, clubPrefix(id, options.root));
          queues.set(id, queue);
        }
        return { queue, label: id };
      });
    },
    async close(): Promise<void> {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
  };
}
