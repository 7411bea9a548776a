import { withTimeout } from '../errors.js';

/** Redis (the queue) did not answer in time: the adapter says "try again in a minute". */
export class TemporarilyUnavailableError extends Error {
  readonly code = 'temporarily-unavailable';
  constructor(options?: { cause?: unknown }) {
    super('The bot is temporarily unavailable. Please try again in a minute.', options);
    this.name = 'TemporarilyUnavailableError';
  }
}

/** Runs `work`, or throws {@link TemporarilyUnavailableError} if it fails or takes longer than `ms`. */
export async function withinOrUnavailable<T>(ms: number, work: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(ms, work, () => new TemporarilyUnavailableError());
  } catch (error) {
    if (error instanceof TemporarilyUnavailableError) throw error;
    throw new TemporarilyUnavailableError({ cause: error });
  }
}
