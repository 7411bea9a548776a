import {
  createRedisBackend,
  Worker,
  type BackendFactory,
  type RedisQueueBackend,
  type WorkerOptions,
} from 'bullmq';
import { queueName } from '../redis/club-keys.js';
import type { AnyJob } from '../jobs/create-worker.js';
import type { JobName, JobResult, SealedJobData } from '../jobs/club-queue.js';

/**
 * BullMQ's own backend, without the blocking connection a Worker makes for waiting on its queue:
 * a club's jobs are fetched when the doorbell says so, never waited for, so a club costs no
 * connection of its own.
 */
const nonBlocking: BackendFactory<RedisQueueBackend> = (name, options, extra) =>
  createRedisBackend(name, options, { ...extra, withBlockingConnection: false });

/**
 * One club's queue as the fair pool takes jobs from it: a BullMQ Worker that never runs its own
 * loop. BullMQ still does each job's bookkeeping (`processJob`: completion, retries with backoff,
 * delays, failures), so a job behaves as under a plain Worker.
 */
export class ClubFetcher {
  readonly worker: Worker<SealedJobData, JobResult, JobName>;
  private tokens = 0;

  constructor(
    processor: (job: AnyJob, token?: string) => Promise<JobResult>,
    settings: WorkerOptions,
  ) {
    this.worker = new Worker<SealedJobData, JobResult, JobName>(
      queueName,
      processor,
      { ...settings, autorun: false },
      nonBlocking,
    );
  }

  /** The next job ready to run, locked for this process; undefined when none is. */
  async next(): Promise<{ job: AnyJob; token: string } | undefined> {
    const token = `${this.worker.id}:${(this.tokens += 1)}`;
    const job = await this.worker.getNextJob(token, { block: false });
    return job ? { job, token } : undefined;
  }

  /**
   * When this club's earliest delayed job falls due, as BullMQ's last empty fetch told it (the
   * same figure its own loop waits by); 0 when none is delayed.
   */
  nextDueAt(): number {
    // A private field of Worker: no public accessor says when the next delayed job is due.
    const blockUntil = (this.worker as unknown as { blockUntil?: unknown }).blockUntil;
    return typeof blockUntil === 'number' ? blockUntil : 0;
  }

  /** Runs a fetched job to its end, its lock renewed while it runs. */
  async run(job: AnyJob, token: string, lockDurationMs: number): Promise<void> {
    const renewal = setInterval(
      () => void job.extendLock(token, lockDurationMs).catch(() => undefined),
      lockDurationMs / 2,
    );
    try {
      await this.worker.processJob(job, token, () => false);
    } finally {
      clearInterval(renewal);
    }
  }

  /** Moves jobs whose worker died back to waiting (BullMQ runs it once per interval per queue). */
  async recoverStalled(): Promise<void> {
    await this.worker.backend.moveStalledJobsToWait();
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
