import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AuditEntry } from '../access/audit-trail.js';
import type { Priority } from '../budget/priority.js';
import type { Reply } from '../core/reply.js';
import type { ReplyAddress } from '../delivery/reply-address.js';
import { createReplyOutbox } from '../delivery/reply-outbox.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import type { Sealer } from '../redis/sealer.js';
import { dispositionOf } from './disposition.js';
import { failureReply, queuedReply } from './failure-reply.js';
import { failedReason, JobAttemptError } from './job-attempt-error.js';
import {
  jobDataAt,
  type JobFinished,
  type JobName,
  type JobPayloads,
  type JobResult,
  type SealedJobData,
  jobPayloadSchemas,
} from './club-queue.js';
import { processDigestJob, type DigestJobs } from './process-digest.js';
import { runCommand, type CommandOutcome, type CommandRunnerDeps } from './run-command.js';
import { defaultRoot } from '../redis/club-keys.js';

/** What a club's job processor ({@link createJobProcessor}) works with. */
export interface ClubWorkerOptions {
  /** The connection the replies go to the outbox on. */
  redis: Redis;
  /** Opens the jobs' sealed payloads and seals the replies. */
  sealer: Sealer;
  /** The club's key prefix (its outbox). Default: `club-bot`. */
  prefix?: string;
  runner: CommandRunnerDeps;
  fileSubmission(
    submission: JobPayloads['form']['submission'],
  ): Promise<{ reply: Reply; outcome: JobResult['outcome'] }>;
  /** Runs the digests' occurrences (`digest` jobs). Default: none; such jobs fail. */
  digests?: DigestJobs;
  /** When the budget has a unit again for a priority (after the service's 403). */
  budgetRetryAt(priority: Priority): Promise<number | undefined>;
  logger: Logger;
  /** Told when a job ends, for metrics. */
  onFinished?: (event: JobFinished) => void;
  /** Told after a reply went into the outbox (a hosting deployment rings its deliverer). */
  onReplyPut?: () => Promise<void>;
}

export type AnyJob = Job<SealedJobData, JobResult, JobName>;

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

/**
 * The once-mark of a job's last word. Giving up has a mark of its own, so a failed job an admin
 * runs again still confirms its filing; each admin retry is a round of its own. A give-up is also
 * marked with its attempt: a retry from the job board keeps the count, so a second failure is told.
 */
function roundMark(mark: 'answered' | 'failed', job: AnyJob): string {
  const round = job.data.retried ? `${mark}-r${job.data.retried}` : mark;
  return mark === 'failed' ? `${round}-a${job.attemptsMade}` : round;
}

/**
 * What the worker does with one job: runs the command or files the form, and leaves its reply in
 * the outbox. BullMQ's job lifecycle (locks, retries, completion) is the caller's.
 */
export function createJobProcessor(
  options: ClubWorkerOptions,
): (job: AnyJob, token?: string) => Promise<JobResult> {
  const { logger } = options;
  const prefix = options.prefix ?? defaultRoot;
  const outbox = createReplyOutbox(options.redis, prefix, options.sealer);

  /** A job run again after a crash finds its mark (`once`) set, so the person is answered once. */
  async function answer(plan: JobPlan, reply: Reply, once: string, audit?: AuditEntry) {
    const entry = { id: plan.id, replyTo: plan.replyTo, reply, receivedAt: plan.receivedAt };
    const write = audit && options.runner.audit.writeOf(audit);
    if (!(await outbox.put(entry, `${once}:${plan.id}`, write))) {
      logger.info({ id: plan.id, once }, 'already answered; not answering twice');
    } else {
      // A lost ring delays the reply until the deliverer's sweep; it is not worth a retry.
      await options.onReplyPut?.().catch(() => undefined);
    }
  }

  /** What to do when the work threw: wait for budget, let BullMQ retry, or tell the person. */
  async function afterFailure(
    job: AnyJob,
    token: string | undefined,
    plan: JobPlan,
    error: unknown,
  ): Promise<never> {
    const disposition = dispositionOf(
      error,
      Date.now(),
      await options.budgetRetryAt(plan.priority),
    );
    logger.info(
      { id: plan.id, job: job.id, err: describeError(error), disposition: disposition.kind },
      'job did not finish',
    );
    if (disposition.kind === 'wait') {
      // "Queued until calls come back" is true only of a budget wait, and said once.
      if (disposition.reason === 'budget') {
        await answer(
          plan,
          queuedReply(plan.kind, disposition.until, options.runner.timezone),
          'queued',
        );
      }
      await job.moveToDelayed(disposition.until, token);
      throw new DelayedError();
    }
    const attemptsLeft = (job.opts.attempts ?? 1) - job.attemptsMade - 1;
    if (disposition.kind === 'retry' && attemptsLeft > 0) throw new JobAttemptError(error);
    await answer(plan, failureReply(error, plan.id), roundMark('failed', job));
    throw new UnrecoverableError(failedReason(error));
  }

  /** What each kind of job is about, who waits for it, and the work that gives its reply. */
  function planOf(job: AnyJob): JobPlan {
    switch (job.name) {
      case 'command': {
        const { request } = options.sealer.openJson(
          job.data.sealed,
          jobDataAt(job.queueQualifiedName, 'command'),
          jobPayloadSchemas.command,
        );
        return {
          ...whoWaits(request, request.command),
          priority: 'interactive',
          kind: 'answer',
          run: () => runCommand(request, options.runner),
        };
      }
      case 'digest':
        throw new UnrecoverableError('A digest job has no plan: processDigestJob runs it.');
      case 'form': {
        const { submission } = options.sealer.openJson(
          job.data.sealed,
          jobDataAt(job.queueQualifiedName, 'form'),
          jobPayloadSchemas.form,
        );
        return {
          ...whoWaits(submission, submission.form),
          priority: 'write',
          kind: 'submission',
          run: () => options.fileSubmission(submission),
        };
      }
    }
  }

  /** A command's or a submission's id, name and who waits for its answer since when. */
  function whoWaits(
    work: Pick<JobPlan, 'id' | 'replyTo' | 'receivedAt'>,
    what: string,
  ): Pick<JobPlan, 'id' | 'what' | 'replyTo' | 'receivedAt'> {
    return { id: work.id, what, replyTo: work.replyTo, receivedAt: work.receivedAt };
  }

  async function process(job: AnyJob, token?: string): Promise<JobResult> {
    if (job.name === 'digest') {
      const { result, finished } = await processDigestJob(job, options);
      options.onFinished?.(finished);
      return result;
    }
    const started = performance.now();
    const plan = planOf(job);
    let done: CommandOutcome;
    try {
      done = await plan.run();
    } catch (error) {
      return afterFailure(job, token, plan, error);
    }
    await answer(plan, done.reply, roundMark('answered', job), done.audit);
    const finished: JobFinished = {
      name: job.name,
      id: plan.id,
      what: plan.what,
      outcome: done.outcome,
      durationMs: performance.now() - started,
      answerMs: Date.now() - plan.receivedAt,
    };
    // `name` is a redacted key in the log, so the job's kind goes out as `kind`.
    const { name, ...line } = finished;
    logger.info(
      { ...line, kind: name, job: job.id, attempt: job.attemptsMade + 1 },
      `${name} finished`,
    );
    options.onFinished?.(finished);
    return { outcome: done.outcome };
  }

  return process;
}
