import { BudgetDeniedError } from '../budget/daily-budget.js';
import { ClubError } from '../club/club-errors.js';
import { FilingInProgressError } from './file-once.js';
import { DeliveryError } from '../delivery/reply-sink.js';
import { WaitingOnAnotherProcessError } from '../errors.js';

/**
 * What the queue does with a job whose work threw: the one place that maps errors to retry
 * semantics.
 * - `wait`: no budget (ours or the service's 403), or another attempt is filing the same
 *   submission: delay the job until `until`; not a failure. Only a wait for `budget` is told to
 *   the person.
 * - `retry`: a passing fault (500, network, timeout), or another process still loading what the
 *   job needs (its lease lapses within seconds if it died): BullMQ's backoff, while attempts last.
 * - `give-up`: a definite refusal (400, 401, 404) or an unknown error: tell the person.
 */
export type Disposition =
  | { kind: 'wait'; until: number; reason: 'budget' | 'filing-in-progress' }
  | { kind: 'retry' }
  | { kind: 'give-up' };

export function dispositionOf(error: unknown, now: number, budgetRetryAt?: number): Disposition {
  if (error instanceof BudgetDeniedError)
    return { kind: 'wait', until: error.retryAt, reason: 'budget' };
  if (error instanceof ClubError && error.code === 'budget-exhausted') {
    return { kind: 'wait', until: budgetRetryAt ?? now + 15 * 60_000, reason: 'budget' };
  }
  if (error instanceof FilingInProgressError)
    return { kind: 'wait', until: now + 5_000, reason: 'filing-in-progress' };
  if (error instanceof WaitingOnAnotherProcessError) return { kind: 'retry' };
  if (error instanceof ClubError) return error.retryable ? { kind: 'retry' } : { kind: 'give-up' };
  if (error instanceof DeliveryError)
    return error.options.permanent ? { kind: 'give-up' } : { kind: 'retry' };
  return { kind: 'give-up' };
}
