import { DelayedError, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Priority } from '../budget/priority.js';
import type { Platform } from '../commands/chat-user.js';
import type { Reply } from '../commands/reply.js';
import type { Logger } from '../log.js';
import { defaultQueueName } from './club-queue.js';
import { dispositionOf } from './disposition.js';
import { failureReply, queuedReply } from './failure-reply.js';
import type { JobName, JobPayloads, JobResult, ReplyDelivery } from './job-types.js';
import type { ReplyAddress } from './reply-address.js';
import { DeliveryError, type ReplySink } from './reply-sink.js';
import { runCommand, type CommandRunnerDeps } from './run-command.js';

/** Options for {@link createClubWorker}. */
export interface ClubWorkerOptions {
  connection: ConnectionOptions;
  /** Where the worker notes which jobs have answered (the connection's Redis will do). */
  redis: Redis;
  /** BullMQ key prefix. Default: `club-bot`. */
  prefix?: string;
  name?: string;
  /** Jobs at once in this process. Default: 8. */
  concurrency?: number;
  /** How long a job's lock lasts without renewal: after a crash, another worker takes the job once it lapses. Default: 30 s. */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for. Default: 30 s. */
  stalledIntervalMs?: number;
  runner: CommandRunnerDeps;
  fileSubmission(
    submission: JobPayloads['form']['submission'],
  ): Promise<{ reply: Reply; outcome: JobResult['outcome'] }>;
  sinks: Partial<Record<Platform, ReplySink>>;
  enqueueReply(delivery: ReplyDelivery, delayMs: number): Promise<void>;
  /** When the budget has a unit again for a priority (after the service's 403). */
  budgetRetryAt(priority: Priority): Promise<number | undefined>;
  logger: Logger;
  /** Told when a job ends, for metrics. */
  onFinished?: (event: JobFinished) => void;
}

type AnyJob = Job<JobPayloads[JobName], JobResult, JobName>;

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

/** The bot's BullMQ worker. */
export type ClubWorker = Worker<JobPayloads[JobName], JobResult, JobName>;

/** The worker: runs commands and files forms, then delivers the reply through the platform's sink. */
export function createClubWorker(options: ClubWorkerOptions): ClubWorker {
  const { logger } = options;
  const prefix = options.prefix ?? 'club-bot';
  // A job runs again when its worker died (or stalled) after answering but before BullMQ
  // recorded it done: a mark per correlation id keeps the person from getting the answer twice.
  const answeredKey = (id: string) => `${prefix}:answered:${id}`;
  const answeredMs = 24 * 3_600_000;

  async function deliver(replyTo: ReplyAddress, reply: Reply, id: string): Promise<void> {
    const sink = options.sinks[replyTo.platform];
    if (!sink) {
      logger.error({ id, platform: replyTo.platform }, 'no reply sink for platform');
      return;
    }
    const final = reply.interim !== true;
    const { redis } = options;
    if (final && (await redis.exists(answeredKey(id))) === 1) {
      logger.info({ id }, 'already answered; not answering twice');
      return;
    }
    try {
      await sink.deliver(replyTo, reply);
      logger.debug({ id, platform: replyTo.platform }, 'reply delivered');
    } catch (error) {
      const retryable = error instanceof DeliveryError && !error.options.permanent;
      logger.warn(
        { id, platform: replyTo.platform, err: errorSummary(error), retryable },
        'reply delivery failed',
      );
      if (!retryable) return;
      const retryAfterMs =
        error instanceof DeliveryError ? (error.options.retryAfterMs ?? 1_000) : 1_000;
      await options.enqueueReply({ id, replyTo, reply }, retryAfterMs);
    }
    if (final) {
      await redis
        .set(answeredKey(id), '1', 'PX', answeredMs)
        .catch((error: unknown) =>
          logger.warn({ id, err: errorSummary(error) }, 'could not mark the job answered'),
        );
    }
  }

  /** Runs `work`; on failure decides between waiting for budget, retrying and telling the person. */
  async function withDisposition(
    job: AnyJob,
    token: string | undefined,
    context: {
      id: string;
      replyTo: ReplyAddress;
      priority: Priority;
      kind: 'answer' | 'submission';
    },
    work: () => Promise<JobResult['outcome']>,
  ): Promise<JobResult> {
    try {
      return { outcome: await work() };
    } catch (error) {
      const budgetRetryAt = await options.budgetRetryAt(context.priority);
      const disposition = dispositionOf(error, Date.now(), budgetRetryAt);
      logger.info(
        { id: context.id, job: job.id, err: errorSummary(error), disposition: disposition.kind },
        'job did not finish',
      );
      if (disposition.kind === 'wait') {
        const data = job.data as { toldQueued?: boolean };
        // "Queued until calls come back" is true only of a budget wait.
        if (disposition.reason === 'budget' && !data.toldQueued) {
          await deliver(
            context.replyTo,
            queuedReply(context.kind, disposition.until, options.runner.timezone),
            context.id,
          );
          await job.updateData({ ...job.data, toldQueued: true });
        }
        await job.moveToDelayed(disposition.until, token);
        throw new DelayedError();
      }
      const attemptsLeft = (job.opts.attempts ?? 1) - job.attemptsMade - 1;
      if (disposition.kind === 'retry' && attemptsLeft > 0) throw error;
      await deliver(context.replyTo, failureReply(error, context.id), context.id);
      throw new UnrecoverableError(errorSummary(error));
    }
  }

  async function process(job: AnyJob, token?: string): Promise<JobResult> {
    const started = performance.now();
    const result = await (async (): Promise<JobResult> => {
      switch (job.name) {
        case 'command': {
          const { request } = job.data as JobPayloads['command'];
          const context = {
            id: request.id,
            replyTo: request.replyTo,
            priority: 'interactive' as const,
            kind: 'answer' as const,
          };
          return withDisposition(job, token, context, async () => {
            const { reply, outcome } = await runCommand(request, options.runner);
            await deliver(request.replyTo, reply, request.id);
            return outcome;
          });
        }
        case 'form': {
          const { submission } = job.data as JobPayloads['form'];
          const context = {
            id: submission.id,
            replyTo: submission.replyTo,
            priority: 'write' as const,
            kind: 'submission' as const,
          };
          return withDisposition(job, token, context, async () => {
            const { reply, outcome } = await options.fileSubmission(submission);
            await deliver(submission.replyTo, reply, submission.id);
            return outcome;
          });
        }
        case 'reply': {
          const { delivery } = job.data as JobPayloads['reply'];
          const sink = options.sinks[delivery.replyTo.platform];
          if (!sink) throw new UnrecoverableError(`no reply sink for ${delivery.replyTo.platform}`);
          try {
            await sink.deliver(delivery.replyTo, delivery.reply);
          } catch (error) {
            // Honour Retry-After (Slack and Discord 429s) without spending an attempt, a bounded number of times.
            if (
              error instanceof DeliveryError &&
              error.options.retryAfterMs !== undefined &&
              job.attemptsStarted < 10
            ) {
              await job.moveToDelayed(Date.now() + error.options.retryAfterMs, token);
              throw new DelayedError();
            }
            if (error instanceof DeliveryError && error.options.permanent)
              throw new UnrecoverableError(error.message);
            throw error;
          }
          return { outcome: 'delivered' };
        }
      }
    })();
    const { id, what, receivedAt } = describe(job);
    const finished: JobFinished = {
      name: job.name,
      id,
      what,
      outcome: result.outcome,
      durationMs: performance.now() - started,
      answerMs: Date.now() - receivedAt,
    };
    // `name` is a redacted log key (people's names), so the job's kind goes out as `kind`.
    const { name: kind, ...rest } = finished;
    logger.info({ ...rest, kind, job: job.id, attempt: job.attemptsMade + 1 }, `${kind} finished`);
    options.onFinished?.(finished);
    return result;
  }

  const worker = new Worker<JobPayloads[JobName], JobResult, JobName>(
    options.name ?? defaultQueueName,
    process,
    {
      connection: options.connection,
      prefix,
      concurrency: options.concurrency ?? 8,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 3,
    },
  );
  worker.on('error', (error) => logger.error({ err: errorSummary(error) }, 'worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    logger.warn(
      { job: job.id, name: job.name, attempts: job.attemptsMade, err: errorSummary(error) },
      'job failed',
    );
  });
  return worker;
}

/** Ids and names a job carries, for its log line: never the options or values a person typed. */
function describe(job: AnyJob): { id: string; what: string; receivedAt: number } {
  const data = job.data as Partial<
    JobPayloads['command'] & JobPayloads['form'] & JobPayloads['reply']
  >;
  if (data.request)
    return { id: data.request.id, what: data.request.command, receivedAt: data.request.receivedAt };
  if (data.submission)
    return {
      id: data.submission.id,
      what: data.submission.form,
      receivedAt: data.submission.receivedAt,
    };
  return { id: data.delivery?.id ?? String(job.id), what: 'reply', receivedAt: job.timestamp };
}

/** An error for a log line: its class and message, never its data. */
function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
