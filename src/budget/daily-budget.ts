import type { Redis } from 'ioredis';
import type { BudgetState } from './budget-state.js';
import type { Priority } from './priority.js';
import type { Reservation } from './reservation.js';

/** Options for `createDailyBudget`. */
export interface BudgetOptions {
  /** A shared ioredis connection (a BullMQ one with `maxRetriesPerRequest: null` will do). */
  redis: Redis;
  /** Key prefix shared by every process that spends the same budget, e.g. `'club-bot'`. */
  prefix: string;
  /** Calls allowed in any window (`CLUB_DAILY_LIMIT`): an integer, at least 2. Default: 5000. */
  limit?: number;
  /** The window, in ms. Default: 24 h. */
  windowMs?: number;
  /** The clock, in epoch ms; every process sharing the budget should agree on it. Default: `Date.now`. */
  now?: () => number;
}

/**
 * One call budget in Redis shared by every process with the same prefix. It counts a rolling
 * window: the service does not say whether its 24 h are rolling or fixed, and a rolling count
 * never exceeds the limit in any 24 h span, whichever it is.
 */
export interface DailyBudget {
  /** Counts one call for `priority` if its ceiling allows it, atomically across processes. */
  reserve(priority: Priority): Promise<Reservation>;
  /**
   * Takes the service's `X-Ratelimit-Remaining` into account: calls counted become at least
   * `limit − remaining`; never fewer, so a higher number than ours changes nothing.
   */
  reconcile(remaining: number): Promise<void>;
  /** The service answered 403: nothing is left until the calls counted now leave the window. */
  exhausted(): Promise<void>;
  /** A snapshot of the budget; it changes nothing. */
  state(): Promise<BudgetState>;
}
