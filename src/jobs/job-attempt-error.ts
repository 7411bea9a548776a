import { ClubError } from '../club/club-errors.js';
import { describeError, isCodedError } from '../errors.js';

/**
 * What a failed job records, as BullMQ's `failedReason` (shown by `npm run jobs` and the job
 * board, and kept a week): the kind of failure, never the club service's own words or an unknown
 * error's message, which may echo a record. The worker's log line names the service's answer by
 * status, length and hash only (see `bodyTraceOf`).
 */
export function failedReason(error: unknown): string {
  if (error instanceof ClubError && error.serviceMessage) {
    return `${error.name}: the club service answered ${error.status ?? 'with an error'} (its words are in its own logs, found by this job's time)`;
  }
  if (isCodedError(error)) return describeError(error);
  return error instanceof Error
    ? `${error.name} (its message is in the log line with this job's id)`
    : 'a failure that is not an Error';
}

/** The error a job's attempt ends with, so BullMQ records only {@link failedReason}. */
export class JobAttemptError extends Error {
  constructor(error: unknown) {
    super(failedReason(error), { cause: error });
    this.name = 'JobAttemptError';
  }
}
