import { createHash } from 'node:crypto';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { CommandRequest, FormSubmission, JobName, JobPayloads } from './job-types.js';

/** Options for {@link createClubQueue}. */
export interface ClubQueueOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix (not ioredis keyPrefix). Default: `club-bot`. */
  prefix?: string;
  /** Queue name. Default: `club-bot`. */
  name?: string;
}

export const defaultQueueName = 'club-bot';

/** Retries for passing faults: exponential from 1 s with jitter, six attempts (about a minute). */
const retried: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1_000, jitter: 0.5 },
};

/** Finished jobs are kept a bounded time and number, so Redis does not grow without end. */
export const jobOptions: Record<JobName, JobsOptions> = {
  command: {
    ...retried,
    removeOnComplete: { age: 3_600, count: 1_000 },
    removeOnFail: { age: 24 * 3_600, count: 1_000 },
  },
  // A failed submission is kept a week, so an admin can recover what was typed.
  form: {
    ...retried,
    attempts: 10,
    removeOnComplete: { age: 24 * 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3_600, count: 5_000 },
  },
};

/** The queue of the bot's work, with typed enqueue functions. */
export interface ClubQueue {
  readonly queue: Queue;
  enqueueCommand(request: CommandRequest): Promise<void>;
  /** Enqueues a submission; the same idempotency key twice yields one job. */
  enqueueForm(submission: FormSubmission): Promise<void>;
  close(): Promise<void>;
}

export function createClubQueue(options: ClubQueueOptions): ClubQueue {
  const queue = new Queue(options.name ?? defaultQueueName, {
    connection: options.connection,
    prefix: options.prefix ?? 'club-bot',
  });
  const add = <N extends JobName>(name: N, data: JobPayloads[N], extra: JobsOptions = {}) =>
    queue.add(name, data, { ...jobOptions[name], ...extra });
  return {
    queue,
    async enqueueCommand(request) {
      await add('command', { request });
    },
    async enqueueForm(submission) {
      await add('form', { submission }, { jobId: formJobId(submission.key) });
    },
    close: () => queue.close(),
  };
}

/** A job id from an idempotency key (BullMQ ids must not contain ':' and should be short). */
export function formJobId(key: string): string {
  return `form-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}
