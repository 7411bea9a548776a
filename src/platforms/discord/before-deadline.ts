import { TemporarilyUnavailableError } from '../../dispatch/temporarily-unavailable-error.js';
import { withTimeout } from '../../errors.js';

/**
 * How long the adapter waits for Redis before a first response that cannot be deferred (a modal,
 * autocomplete): Discord's 3 s, less time for the response itself to travel.
 */
export const firstResponseDeadlineMs = 2_500;

/**
 * Runs `work`, or throws {@link TemporarilyUnavailableError} once `ms` have passed. Unlike the
 * dispatcher's guard, other errors pass through as they are (they are bugs, not a slow Redis).
 */
export function beforeDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return withTimeout(ms, work, () => new TemporarilyUnavailableError());
}
