import { type Job, UnrecoverableError } from 'bullmq';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import type { Sealer } from '../redis/sealer.js';
import { JobAttemptError } from './job-attempt-error.js';
import {
  jobDataAt,
  type DigestOutcome,
  type JobName,
  type JobResult,
  type SealedJobData,
  jobPayloadSchemas,
} from './club-queue.js';

/** Runs one occurrence of a digest (see `digests/run-digest.ts`). */
export interface DigestJobs {
  run(
    subscriptionId: string,
    occurrence: number,
  ): Promise<{ kind?: string; outcome: DigestOutcome }>;
}

/** A finished digest job, in the shape of the worker's other finished jobs. */
export interface DigestFinished {
  name: 'digest';
  id: string;
  /** The digest's kind ("tonight"), or "unknown" when its subscription is gone. */
  what: string;
  outcome: DigestOutcome;
  durationMs: number;
  /** From when it was due to its end. */
  answerMs: number;
}

/**
 * A `digest` job made by a job scheduler: its payload names the subscription, and the job's
 * `prevMillis` is the instant it was due. A failure throws, so BullMQ retries it; the posts carry
 * their own once-marks, so a retry posts nothing twice.
 */
export async function processDigestJob(
  job: Job<SealedJobData, JobResult, JobName>,
  deps: { digests?: DigestJobs; sealer: Sealer; logger: Logger },
): Promise<{ result: JobResult; finished: DigestFinished }> {
  if (!deps.digests) throw new UnrecoverableError('This worker runs no digests.');
  const started = performance.now();
  const { subscriptionId } = deps.sealer.openJson(
    job.data.sealed,
    jobDataAt(job.queueQualifiedName, 'digest'),
    jobPayloadSchemas.digest,
  );
  const occurrence = job.opts.prevMillis ?? job.timestamp;
  const { kind, outcome } = await deps.digests.run(subscriptionId, occurrence).catch((error) => {
    deps.logger.info(
      { digest: subscriptionId, job: job.id, err: describeError(error) },
      'digest did not finish',
    );
    throw new JobAttemptError(error);
  });
  const finished: DigestFinished = {
    name: 'digest',
    id: subscriptionId,
    what: kind ?? 'unknown',
    outcome,
    durationMs: performance.now() - started,
    answerMs: Date.now() - occurrence,
  };
  deps.logger.info(
    { digest: subscriptionId, kind: 'digest', what: finished.what, outcome, job: job.id },
    'digest finished',
  );
  return { result: { outcome }, finished };
}
