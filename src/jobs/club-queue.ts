import type { ChatUser } from '../core/chat-user.js';
import type { FormId, FormValues } from '../core/form.js';
import { type ReplyAddress, replyAddressSchema } from '../delivery/reply-address.js';
import type { SealedPlace, Sealer } from '../redis/sealer.js';
import { z } from 'zod';
import { chatUserSchema, formIdSchema, formValuesSchema } from '../core/core-schemas.js';
import { createHash } from 'node:crypto';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { Doorbell } from '../hosting/doorbell.js';
import { defaultRoot, queueName } from '../redis/club-keys.js';

/** A command to run, as an adapter enqueues it. */
export interface CommandRequest {
  /** Correlation id, carried from the adapter through the job to the reply's log lines. */
  id: string;
  /** The registry name, e.g. "session" or "incident list". */
  command: string;
  options: Record<string, string>;
  user: ChatUser;
  replyTo: ReplyAddress;
  receivedAt: number;
}

/** A submitted form, to be filed with the club service exactly once. */
export interface FormSubmission {
  id: string;
  /** The idempotency key: the platform's submission id (Slack view id + hash, Discord interaction id). */
  key: string;
  form: FormId;
  values: FormValues;
  /** Filed even if it looks already on file: the person was shown the likely duplicate and said so. */
  confirmed?: boolean;
  user: ChatUser;
  replyTo: ReplyAddress;
  receivedAt: number;
}

/** What each job carries, by job name, before it is sealed. */
export interface JobPayloads {
  command: { request: CommandRequest };
  form: { submission: FormSubmission };
  /** One occurrence of a digest, made by its job scheduler (the occurrence is the job's). */
  digest: { subscriptionId: string };
}

export type JobName = keyof JobPayloads;

/**
 * A job's data in Redis: the payload sealed, since it holds what a person typed and who they
 * are. Bull Board and failure records show only this.
 */
export interface SealedJobData {
  sealed: string;
  /** How many times an admin ran it again after it failed (`npm run jobs -- retry`). Default: 0. */
  retried?: number;
}

/**
 * Where a job's payload is sealed: its queue (BullMQ's qualified name, prefix and queue) and its
 * name, so a payload copied into another club's queue, or to another kind of job, does not open.
 * Its id is not bound: a job scheduler's template becomes jobs of ids not known when it is sealed.
 */
export function jobDataAt(queueQualifiedName: string, name: JobName): SealedPlace {
  return { kind: 'job', key: queueQualifiedName, field: name };
}

/** What a finished job leaves in Redis: an outcome, never the reply (it may hold personal data). */
export interface JobResult {
  outcome:
    'answered' | 'filed' | 'already-filed' | 'refused' | 'rejected' | 'failed' | DigestOutcome;
}

/**
 * What became of a digest's occurrence: posted (late, when the bot was down at the time), nothing
 * to say, missed by too long, skipped for want of budget, nobody entitled to it, its subscription
 * gone, or already run by an earlier attempt.
 */
export type DigestOutcome =
  | 'posted'
  | 'posted-late'
  | 'nothing-due'
  | 'missed'
  | 'skipped'
  | 'no-recipients'
  | 'gone'
  | 'already-run';

/** A finished job, for metrics and the one log line per command. */
export interface JobFinished {
  name: JobName;
  /** The correlation id of the command or submission. */
  id: string;
  /** The command name ("session") or the form ("incident"). */
  what: string;
  outcome: JobResult['outcome'];
  /** How long this attempt ran. */
  durationMs: number;
  /** From the adapter receiving it to the reply (includes waiting in the queue). */
  answerMs: number;
}

/** Each job's payload as zod reads it back from its sealed job data (Redis is untrusted). */
export const jobPayloadSchemas = {
  command: z.object({
    request: z.object({
      id: z.string(),
      command: z.string(),
      options: z.record(z.string(), z.string()),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  form: z.object({
    submission: z.object({
      id: z.string(),
      key: z.string(),
      form: formIdSchema,
      values: formValuesSchema,
      confirmed: z.boolean().optional(),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  digest: z.object({ subscriptionId: z.string() }),
} satisfies { [N in JobName]: z.ZodType<JobPayloads[N]> };

/** Options for {@link createClubQueue}. */
export interface ClubQueueOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix (not ioredis keyPrefix). Default: `club-bot`. */
  prefix?: string;
  /** Queue name. Default: `club-bot`. */
  name?: string;
  /** Seals each job's payload. */
  sealer: Sealer;
  /** Rung with `clubId` after each job is added, so a waiting worker pool looks at once. */
  doorbell?: { bell: Doorbell; clubId: string };
}

/** The backoff of a retried job, worked out by {@link cappedBackoff} in the worker. */
export const cappedBackoffType = 'capped-exponential';
/** The longest wait between two attempts. */
export const maxBackoffMs = 30_000;

/**
 * The wait before attempt `attemptsMade + 1`: doubling from 1 s, at most {@link maxBackoffMs},
 * less up to half at random (so jobs that failed together do not retry together). The cap is
 * why a club-service outage's end is felt within 30 s, not after the several minutes a late
 * attempt of a plain doubling would wait.
 */
export function cappedBackoff(attemptsMade: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxBackoffMs, 1_000 * 2 ** Math.max(0, attemptsMade - 1));
  return Math.floor(ceiling * (1 - 0.5 * random()));
}

/**
 * Retries for passing faults: six attempts (about half a minute of waits). No stack traces are
 * kept: failure records stay free of anything but our own error messages.
 */
const retried: JobsOptions = {
  attempts: 6,
  backoff: { type: cappedBackoffType, delay: 1_000 },
  stackTraceLimit: 0,
};

/** Finished jobs are kept a bounded time and number, so Redis does not grow without end. */
export const jobOptions: Record<JobName, JobsOptions> = {
  command: {
    ...retried,
    removeOnComplete: { age: 3_600, count: 1_000 },
    removeOnFail: { age: 24 * 3_600, count: 1_000 },
  },
  // A submission is tried over three to six minutes of waits (an outage that long is still filed), and
  // a failed one is kept a week, sealed, so an admin can retry it (npm run jobs).
  form: {
    ...retried,
    attempts: 16,
    removeOnComplete: { age: 24 * 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3_600, count: 5_000 },
  },
  // A digest's occurrence: retried over a few minutes (a late post still says it is late).
  digest: {
    ...retried,
    attempts: 4,
    removeOnComplete: { age: 24 * 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3_600, count: 1_000 },
  },
};

/** The queue of the bot's work, with typed enqueue functions. */
export interface ClubQueue {
  readonly queue: Queue<SealedJobData, unknown, JobName>;
  enqueueCommand(request: CommandRequest): Promise<void>;
  /** Enqueues a submission; the same idempotency key twice yields one job. */
  enqueueForm(submission: FormSubmission): Promise<void>;
  close(): Promise<void>;
}

export function createClubQueue(options: ClubQueueOptions): ClubQueue {
  const queue = new Queue<SealedJobData, unknown, JobName>(options.name ?? queueName, {
    connection: options.connection,
    prefix: options.prefix ?? defaultRoot,
  });
  const { doorbell } = options;
  const add = async <N extends JobName>(name: N, data: JobPayloads[N], extra: JobsOptions = {}) => {
    await queue.add(
      name,
      { sealed: options.sealer.sealJson(data, jobDataAt(queue.qualifiedName, name)) },
      { ...jobOptions[name], ...extra },
    );
    await doorbell?.bell.ring(doorbell.clubId);
  };
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

/**
 * A club's queue for looking at and handling its jobs (the job board, `npm run jobs`), with no
 * sealer: it enqueues nothing.
 */
export function openClubJobs(
  connection: ConnectionOptions,
  prefix: string,
): Queue<SealedJobData, unknown, JobName> {
  return new Queue(queueName, { connection, prefix });
}

/** A job id from an idempotency key (BullMQ ids must not contain ':' and should be short). */
export function formJobId(key: string): string {
  return `form-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}
