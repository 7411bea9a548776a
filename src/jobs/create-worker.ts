import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Priority } from '../budget/priority.js';
import type { Reply } from '../commands/reply.js';
import type { Logger } from '../log.js';
import { cappedBackoff, cappedBackoffType, defaultQueueName } from './club-queue.js';
import { AttemptTimeoutError } from './attempt-timeout-error.js';
import { dispositionOf } from './disposition.js';
import { failureReply, queuedReply } from './failure-reply.js';
import type { JobName, JobPayloads, JobResult } from './job-types.js';
import type { ReplyAddress } from './reply-address.js';
import { createReplyOutbox } from './reply-outbox.js';
import { holdWritesForTurn } from '../redis/hold-writes-for-turn.js';
import { runCommand, type CommandOutcome, type CommandRunnerDeps } from './run-command.js';
import type { AuditEntry } from '../access/audit-trail.js';

/** Options for {@link createClubWorker}. */
export interface ClubWorkerOptions {
  /**
   * BullMQ's connection, and the one the replies go to the outbox on (the bot process delivers
   * them, see `startReplyDeliverer`). Keep auto-pipelining off on it: a reply must reach Redis
   * before the record that its job is done, and both are sent on it in that order.
   */
  connection: Redis;
  /** BullMQ key prefix. Default: `club-bot`. */
  prefix?: string;
  name?: string;
  /**
   * Jobs at once in this process. Default: 64: a busy worker sends more replies and BullMQ
   * records in each write to Redis with more jobs in flight, and stands idle less waiting for
   * Redis; at 96 or 128 it finished fewer (see the README's Performance section). Club calls stay
   * under the shared budget whatever the number.
   */
  concurrency?: number;
  /** How long a job's lock lasts without renewal: after a crash, another worker takes the job once it lapses. Default: 30 s. */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for. Default: 30 s. */
  stalledIntervalMs?: number;
  /**
   * How long one attempt may run before it counts as failed and is retried: a guard against an
   * await that never settles (every club call has its own, shorter timeout). Default: 60 s.
   */
  attemptDeadlineMs?: number;
  /**
   * How long the worker waits before putting again a reply Redis refused (out of memory, say),
   * doubling up to 30 s; it keeps trying while it runs. Default: 1 s.
   */
  putRetryMs?: number;
  runner: CommandRunnerDeps;
  fileSubmission(
    submission: JobPayloads['form']['submission'],
  ): Promise<{ reply: Reply; outcome: JobResult['outcome'] }>;
  /** When the budget has a unit again for a priority (after the service's 403). */
  budgetRetryAt(priority: Priority): Promise<number | undefined>;
  logger: Logger;
  /** Told when a job ends, for metrics. */
  onFinished?: (event: JobFinished) => void;
}

type AnyJob = Job<JobPayloads[JobName], JobResult, JobName>;

/** A job as the worker runs it: ids and names for its log line, and the work giving its reply. */
interface JobPlan {
  /** The correlation id of the command or submission. */
  id: string;
  /** The command name ("session") or the form ("incident"): never the values a person typed. */
  what: string;
  replyTo: ReplyAddress;
  receivedAt: number;
  /** The budget priority its club calls spend. */
  priority: Priority;
  /** What a notice calls it: an answer to a command, or a submission to file. */
  kind: 'answer' | 'submission';
  run(): Promise<CommandOutcome>;
}

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

/** Jobs at once in a worker process unless told otherwise. */
export const defaultConcurrency = 64;

/** The message of a job's one log line. */
const finishedMessage: Record<JobName, string> = {
  command: 'command finished',
  form: 'form finished',
};

/** The bot's BullMQ worker. */
export type ClubWorker = Worker<JobPayloads[JobName], JobResult, JobName>;

/** The worker: runs commands and files forms, and leaves each reply in the outbox for the bot to deliver. */
export function createClubWorker(options: ClubWorkerOptions): ClubWorker {
  const { logger } = options;
  const prefix = options.prefix ?? 'club-bot';
  const outbox = createReplyOutbox(options.connection, prefix);
  const putRetryMs = options.putRetryMs ?? 1_000;
  /** Replies Redis refused, waiting for their next try; none is tried once the worker closed. */
  const refused = new Set<{ timer: NodeJS.Timeout; id: string }>();
  let closed = false;
  /** A reply that now never reaches its person: say which, loudly (its job may be recorded done). */
  const lostOnClose = (id: string, err?: string) =>
    logger.error({ id, err }, 'worker closed before a reply Redis refused went in');
  /**
   * Leaves a reply in the outbox, on BullMQ's connection; resolves once it is sent (see
   * `ReplyOutbox.sent`), without waiting for Redis to confirm it. Redis runs a connection's
   * commands in the order sent, and BullMQ sends its record of the job's end (done, delayed or
   * failed) on the same connection once the job waited for this, so a job is never recorded done
   * without its reply in the outbox; a worker dying before both were sent leaves the job to be run
   * again. Not waiting for Redis saves a round trip a command, and the replies of the jobs
   * finished in one turn go in one command (see the README's Performance section).
   *
   * A job runs again when its worker died (or stalled) after answering but before BullMQ recorded
   * it done: the mark `once` lets the first answer in, and a re-run's is dropped, so the person
   * gets one. The audit record of a reply showing personal data goes in with it (or is dropped
   * with it).
   *
   * When Redis refuses the put (out of memory, say), it wrote nothing, and the job may already be
   * recorded done: the worker puts the reply again, waiting longer each time, until it goes in.
   * The mark still lets only one answer in, should the job also run again.
   */
  function answer(
    replyTo: ReplyAddress,
    reply: Reply,
    id: string,
    receivedAt: number,
    once: string,
    audit?: AuditEntry,
  ): Promise<void> {
    const entry = { id, replyTo, reply, receivedAt };
    const write = audit && options.runner.audit.writeOf(audit);
    const tryPut = (tries: number): void => {
      // This turn's replies and BullMQ's records of their jobs' ends go out in one write.
      holdWritesForTurn(options.connection);
      outbox.put(entry, once, write).then(
        (added) => {
          if (tries > 0) logger.info({ id, tries: tries + 1 }, 'reply left in the outbox');
          if (added) return;
          // A second budget wait is not told again; a second final answer means the job ran twice.
          if (reply.interim === true) logger.debug({ id }, 'already told it is queued');
          else logger.info({ id }, 'already answered; not answering twice');
        },
        (error: unknown) => {
          const err = errorSummary(error);
          if (closed) return lostOnClose(id, err);
          const retryInMs = Math.min(putRetryMs * 2 ** tries, 30_000);
          const line = { id, err, tries: tries + 1, retryInMs };
          if (tries === 0) logger.error(line, 'reply not left in the outbox; trying again');
          else logger.warn(line, 'reply still not left in the outbox; trying again');
          const next = {
            id,
            timer: setTimeout(() => {
              refused.delete(next);
              tryPut(tries + 1);
            }, retryInMs).unref(),
          };
          refused.add(next);
        },
      );
    };
    tryPut(0);
    return outbox.sent();
  }

  /** Runs `work`; on failure decides between waiting for budget, retrying and telling the person. */
  async function withDisposition(
    job: AnyJob,
    token: string | undefined,
    plan: JobPlan,
    work: () => Promise<JobResult['outcome']>,
  ): Promise<JobResult> {
    try {
      return { outcome: await withDeadline(work(), options.attemptDeadlineMs ?? 60_000) };
    } catch (error) {
      const budgetRetryAt = await options.budgetRetryAt(plan.priority);
      const disposition = dispositionOf(error, Date.now(), budgetRetryAt);
      logger.info(
        { id: plan.id, job: job.id, err: errorSummary(error), disposition: disposition.kind },
        'job did not finish',
      );
      if (disposition.kind === 'wait') {
        // "Queued until calls come back" is true only of a budget wait, and said once.
        if (disposition.reason === 'budget') {
          const notice = queuedReply(plan.kind, disposition.until, options.runner.timezone);
          await answer(plan.replyTo, notice, plan.id, plan.receivedAt, `queued:${plan.id}`);
        }
        await job.moveToDelayed(disposition.until, token);
        throw new DelayedError();
      }
      const attemptsLeft = (job.opts.attempts ?? 1) - job.attemptsMade - 1;
      if (disposition.kind === 'retry' && attemptsLeft > 0) throw error;
      const reply = failureReply(error, plan.id);
      await answer(plan.replyTo, reply, plan.id, plan.receivedAt, `answered:${plan.id}`);
      throw new UnrecoverableError(errorSummary(error));
    }
  }

  /** What each kind of job is about, who waits for it, and the work that gives its reply. */
  function planOf(job: AnyJob): JobPlan {
    switch (job.name) {
      case 'command': {
        const { request } = job.data as JobPayloads['command'];
        return {
          id: request.id,
          what: request.command,
          replyTo: request.replyTo,
          receivedAt: request.receivedAt,
          priority: 'interactive',
          kind: 'answer',
          run: () => runCommand(request, options.runner),
        };
      }
      case 'form': {
        const { submission } = job.data as JobPayloads['form'];
        return {
          id: submission.id,
          what: submission.form,
          replyTo: submission.replyTo,
          receivedAt: submission.receivedAt,
          priority: 'write',
          kind: 'submission',
          run: () => options.fileSubmission(submission),
        };
      }
    }
  }

  async function process(job: AnyJob, token?: string): Promise<JobResult> {
    const started = performance.now();
    const plan = planOf(job);
    const result = await withDisposition(job, token, plan, async () => {
      const { reply, outcome, audit } = await plan.run();
      await answer(plan.replyTo, reply, plan.id, plan.receivedAt, `answered:${plan.id}`, audit);
      return outcome;
    });
    const finished: JobFinished = {
      name: job.name,
      id: plan.id,
      what: plan.what,
      outcome: result.outcome,
      durationMs: performance.now() - started,
      answerMs: Date.now() - plan.receivedAt,
    };
    // One flat literal, as the line's fields (`name` is a redacted key, so the job's kind goes out
    // as `kind`): copying `finished` with rest and spread made the line cost twice as much.
    logger.info(
      {
        id: finished.id,
        what: finished.what,
        outcome: finished.outcome,
        durationMs: finished.durationMs,
        answerMs: finished.answerMs,
        kind: job.name,
        job: job.id,
        attempt: job.attemptsMade + 1,
      },
      finishedMessage[job.name],
    );
    options.onFinished?.(finished);
    return result;
  }

  const worker = new Worker<JobPayloads[JobName], JobResult, JobName>(
    options.name ?? defaultQueueName,
    process,
    {
      connection: options.connection,
      prefix,
      concurrency: options.concurrency ?? defaultConcurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 3,
      settings: {
        backoffStrategy: (attemptsMade, type) =>
          type === cappedBackoffType ? cappedBackoff(attemptsMade) : 1_000,
      },
    },
  );
  worker.on('error', (error) => logger.error({ err: errorSummary(error) }, 'worker error'));
  worker.on('closed', () => {
    closed = true;
    for (const { timer, id } of refused) {
      clearTimeout(timer);
      lostOnClose(id);
    }
    refused.clear();
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    logger.warn(
      { job: job.id, name: job.name, attempts: job.attemptsMade, err: errorSummary(error) },
      'job failed',
    );
  });
  return worker;
}

/** An error for a log line: its class and message, never its data. */
function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** `work`, or an {@link AttemptTimeoutError} once `deadlineMs` pass (`work` itself runs on). */
async function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AttemptTimeoutError(deadlineMs)), deadlineMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
