import type { Redis } from 'ioredis';
import type { Priority } from './priority.js';

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
  /** Gives back a granted unit whose call was not made (a person's share refused it). */
  release(reservation: GrantedReservation): Promise<void>;
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

/** A snapshot of the budget, for `/quota` and metrics. */
export interface BudgetState {
  /** Epoch ms (on the budget's clock) the snapshot was taken. */
  at: number;
  /** Calls allowed in any window. */
  limit: number;
  /** Calls counted in the window ending now, phantom calls (from the service's header or a 403) included. */
  used: number;
  /** `limit − used`, at least 0. */
  remaining: number;
  windowMs: number;
  /** When the oldest counted call leaves the window and frees a unit; null when nothing is counted. */
  nextUnitAt: number | null;
  byPriority: Record<Priority, PriorityState>;
}

/** What one priority may still use. */
export interface PriorityState {
  /** Units at the top of the budget this priority may not touch. */
  floor: number;
  /** Calls that may be counted for this priority to be granted: `limit − floor`. */
  ceiling: number;
  /** Calls this priority may still make now: `ceiling − used`, at least 0. */
  available: number;
  /** When this priority next gets a unit, if it has none now; null when `available > 0`. */
  nextUnitAt: number | null;
}

/** The answer to `DailyBudget.reserve`: a counted call, or why not and until when. */
export type Reservation = GrantedReservation | DeniedReservation;

/** The call is counted: make it. */
export interface GrantedReservation {
  granted: true;
  /** The counted call's own entry, which `release` removes. */
  id: string;
  /** Calls counted in the window, this one included. */
  used: number;
  /** Calls left in the window for any priority: `limit − used`, at least 0. */
  remaining: number;
}

/** The call is not counted and must not be made. */
export interface DeniedReservation {
  granted: false;
  /** Why: the window holds as many calls as this priority may use. */
  reason: 'budget';
  /**
   * Epoch ms (on the budget's clock) when enough of the oldest counted calls have left the
   * window for this priority to get a unit, unless others take it first.
   */
  retryAt: number;
  /** Calls counted in the window. */
  used: number;
  /** Calls left in the window for any priority (writes may still have some): `limit − used`, at least 0. */
  remaining: number;
}

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
