import { parseArgs } from 'node:util';
import type { Job, Queue } from 'bullmq';
import { adminCommandLine } from '../cli/admin-program.js';
import { describeError } from '../errors.js';
import { jobOptions, type JobName, type SealedJobData } from './club-queue.js';

export const jobsUsage = `Usage: ${adminCommandLine('jobs')} <command> [--club <id>]
  failed          the failed jobs, newest first: id, kind, when it failed, attempts, why
  retry <id>      runs a failed job again, with its full retries; its person is told the outcome
  remove <id>     deletes a failed job for good (a form in it is then never filed)
  --club <id>     a deployment hosting clubs: that club's jobs only (without it, every club's)`;

/** The most failed jobs `failed` prints; the rest are counted. */
const maxListed = 50;

type ClubQueueJob = Job<SealedJobData, unknown, JobName>;

/** A club's queue; `club` is the club's id when the deployment hosts clubs. */
export interface ClubJobs {
  club?: string;
  queue: Queue<SealedJobData, unknown, JobName>;
  /** Rings the jobs doorbell for the club, so a worker pool takes a retried job at once. */
  ring?(): Promise<void>;
}

/** What the jobs command works with; the CLI passes the deployment's queues, tests their own. */
export interface JobsCommandDeps {
  /** The one club's queue (no id), or each hosted club's. */
  queues: readonly ClubJobs[];
  print(line: string): void;
}

/** Something the operator can look into: printed as it is, exit code 1. */
class JobsRefusal extends Error {}
/** A mistake in the command line: printed with the usage, exit code 2. */
class JobsUsageError extends Error {}

/**
 * `club-bot jobs …`: sees, retries and removes failed jobs. Job data stays sealed: a listing
 * shows ids, kinds, times, attempts and the recorded reason (the worker's own message, never what
 * a person typed nor the club service's words). Resolves the exit code: 0 done, 1 refused (the
 * reason printed), 2 usage.
 */
export async function runJobsCommand(args: string[], deps: JobsCommandDeps): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { club: { type: 'string' } },
    });
    const [command, id, ...extra] = positionals;
    const queues = clubQueues(values.club, deps.queues);
    if (command === 'failed' && id === undefined) return await listFailed(queues, deps);
    if ((command === 'retry' || command === 'remove') && id && extra.length === 0) {
      const { job, club, ring } = await failedJob(id, queues);
      if (command === 'retry') {
        // The round tells the worker to answer the person again (see the worker's once-marks).
        await job.updateData({ ...job.data, retried: (job.data.retried ?? 0) + 1 });
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        await ring?.();
        deps.print(`Job ${id}${of(club)} is queued again with its full retries.`);
      } else {
        await job.remove();
        deps.print(`Removed the failed job ${id}${of(club)}.`);
      }
      return 0;
    }
    if (command === undefined || command === 'help') return (deps.print(jobsUsage), 0);
    throw new JobsUsageError(
      command === 'retry' || command === 'remove'
        ? `${command} takes one job id (from \`failed\`).`
        : command === 'failed'
          ? '`failed` takes no job id.'
          : `unknown command "${command}"`,
    );
  } catch (error) {
    if (error instanceof JobsRefusal) return (deps.print(`jobs: ${error.message}`), 1);
    if (
      error instanceof JobsUsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      deps.print(`jobs: ${(error as Error).message}\n${jobsUsage}`);
      return 2;
    }
    deps.print(`jobs: ${describeError(error)}`);
    return 1;
  }
}

function of(club: string | undefined): string {
  return club === undefined ? '' : ` of the club "${club}"`;
}

/** The queues `--club` names: the one asked for, or all of them. */
function clubQueues(club: string | undefined, queues: readonly ClubJobs[]): readonly ClubJobs[] {
  if (club === undefined) return queues;
  if (queues.every((entry) => entry.club === undefined)) {
    throw new JobsUsageError(
      '--club is for a deployment hosting clubs; this one has its one club in the environment.',
    );
  }
  const chosen = queues.filter((entry) => entry.club === club);
  if (chosen.length === 0)
    throw new JobsRefusal(`there is no club "${club}" (${adminCommandLine('club list')})`);
  return chosen;
}

async function listFailed(queues: readonly ClubJobs[], deps: JobsCommandDeps): Promise<number> {
  let total = 0;
  for (const { club, queue } of queues) {
    const count = await queue.getFailedCount();
    total += count;
    if (count === 0) continue;
    const jobs = await queue.getFailed(0, maxListed - 1);
    for (const job of jobs) deps.print(failedLine(job, club));
    if (count > jobs.length)
      deps.print(`… and ${count - jobs.length} older failed jobs${of(club)}`);
  }
  deps.print(
    total === 0
      ? 'No failed jobs.'
      : `${total} failed. Run one again: ${adminCommandLine('jobs retry <id>')}; delete one: ${adminCommandLine('jobs remove <id>')}.`,
  );
  return 0;
}

/** One line of `failed`: club, id, kind, when it failed (UTC), attempts made, the recorded reason. */
function failedLine(job: ClubQueueJob, club?: string): string {
  const when = job.finishedOn
    ? `${new Date(job.finishedOn).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'not finished';
  const reason = (job.failedReason ?? '').replace(/\s+/g, ' ').trim() || 'no reason recorded';
  const attempts = `${job.attemptsMade} of ${job.opts.attempts || 1} attempts`;
  return [...(club === undefined ? [] : [club]), job.id, job.name, when, attempts, reason].join(
    '\t',
  );
}

/** The failed job with this id, in the one queue that has it. */
async function failedJob(
  id: string,
  queues: readonly ClubJobs[],
): Promise<{ job: ClubQueueJob } & Omit<ClubJobs, 'queue'>> {
  const found: ({ job: ClubQueueJob } & Omit<ClubJobs, 'queue'>)[] = [];
  for (const { queue, ...about } of queues) {
    const job = await queue.getJob(id);
    if (job) found.push({ job, ...about });
  }
  const [only] = found;
  if (!only) {
    throw new JobsRefusal(
      `there is no job "${id}": it may have been removed, or kept past its time (failed forms are kept ${keptDays('form')}, digests ${keptDays('digest')}, commands ${keptDays('command')}). \`failed\` lists those there are.`,
    );
  }
  if (found.length > 1) {
    const clubs = found.map((entry) => entry.club).join(', ');
    throw new JobsRefusal(`clubs ${clubs} each have a job "${id}": add --club <id>.`);
  }
  const state = await only.job.getState();
  if (state !== 'failed') {
    throw new JobsRefusal(
      `job ${id}${of(only.club)} is ${state}, not failed: only a failed job can be retried or removed.`,
    );
  }
  return only;
}

/** How long a failed job of this kind is kept, as the queue's options say: "7 days", "1 day". */
function keptDays(name: JobName): string {
  const kept = jobOptions[name].removeOnFail;
  const days = typeof kept === 'object' && 'age' in kept ? kept.age / 86_400 : 0;
  return days === 1 ? '1 day' : `${days} days`;
}
