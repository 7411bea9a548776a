import type { Priority } from './priority.js';

/**
 * A club call was not made because the daily budget has no unit for its priority. Not a failure:
 * the job waits until `retryAt` (reads are answered from the cache meanwhile, if it has anything).
 */
export class BudgetDeniedError extends Error {
  readonly code = 'budget-denied';
  constructor(
    readonly priority: Priority,
    /** Epoch ms when a unit for this priority frees up. */
    readonly retryAt: number,
  ) {
    super(
      `The daily club-service budget has no call left for ${priority} work until ${new Date(retryAt).toISOString()}.`,
    );
    this.name = 'BudgetDeniedError';
  }
}
