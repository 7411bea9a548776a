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
