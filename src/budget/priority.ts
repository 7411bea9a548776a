/**

 * Who is asking for a club-service call, in the order the budget protects them:
 * `write` (incidents, trial requests, waiting list) may use the whole budget,
 * `interactive` (a person waiting for an answer) may not use the last 5%,
 * `background` (cache refresh) may not use the last 20%.
 */
export type Priority = 'write' | 'interactive' | 'background';

/** Every priority, most protected first. */
export const PRIORITIES: readonly Priority[] = ['write', 'interactive', 'background'];

/** The share of the daily limit, in percent, that each priority may not touch. */
export const RESERVED_PERCENT: Readonly<Record<Priority, number>> = {
  write: 0,
  interactive: 5,
  background: 20,
};

/**
 * The units at the top of the budget that `priority` may not touch.
 *
 * Rounded up, so the reserve above a priority is never smaller than its share: at a limit of
 * 5000 interactive reads leave 250 and background 1000; at a limit of 50 they leave 3 (2.5
 * rounded up) and 10. Below a limit of 20 interactive reads therefore still leave one unit.
 */
export function priorityFloor(limit: number, priority: Priority): number {
  // limit * percent is an integer, so the division is exact whenever the share is whole.
  return Math.ceil((limit * RESERVED_PERCENT[priority]) / 100);
}

/**
 * How many calls may be counted in the window for a call of `priority` to be granted:
 * 5000 / 4750 / 4000 at a limit of 5000, 50 / 47 / 40 at a limit of 50.
 */
export function priorityCeiling(limit: number, priority: Priority): number {
  return limit - priorityFloor(limit, priority);
}
