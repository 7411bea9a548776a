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
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TemporarilyUnavailableError()), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof TemporarilyUnavailableError) throw error;
    throw new TemporarilyUnavailableError({ cause: error });
  } finally {
    clearTimeout(timer);
  }
}
