import type { Queue } from 'bullmq';
import { waitFor } from './wait-for.js';

/**
 * Whether `queue` has nothing waiting or running: every job enqueued so far has had its attempt.
 * A probe for `waitFor`, so that a test asserts what did not happen once the work is done, not
 * after a fixed sleep.
 */
export async function queueIdle(queue: Queue): Promise<boolean> {
  const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
  return Object.values(counts).every((count) => count === 0);
}

/** Waits until the club's queue is idle: what a test waits for before "nothing else happened". */
export async function untilQueueIdle(queue: Queue, timeoutMs?: number): Promise<void> {
  await waitFor(() => queueIdle(queue), "the club's queue to be idle", timeoutMs);
}
