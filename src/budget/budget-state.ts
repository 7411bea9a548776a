import type { Priority } from './priority.js';

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
