/**
 * The bot's error codes, and the two helpers every edge uses: one way to describe an unknown
 * throwable for a log line, and one way to give up on slow work.
 */

/** A stable code per kind of failure; the worker maps them to retry semantics in `disposition.ts`. */
export type ErrorCode =
  /** The club service refused the data (400). */
  | 'validation'
  /** The club service refused the API token (401). */
  | 'unauthorised'
  /** The club service's own daily limit is spent (403). */
  | 'budget-exhausted'
  /** No such record (404). */
  | 'not-found'
  /** The club service failed, timed out or could not be reached. */
  | 'service-fault'
  /** Our shared daily budget has no call left for this priority. */
  | 'budget-denied'
  /** Another attempt is filing the same submission right now. */
  | 'filing-in-progress'
  /** Slack or Discord did not take a reply. */
  | 'delivery-failed'
  /** Redis did not answer in time, so the adapter could not take the command. */
  | 'temporarily-unavailable'
  /** Work did not finish within its time limit. */
  | 'timeout'
  /** A person has spent their own daily share of calls or forms. */
  | 'share-spent'
  /** A Discord user could not be linked to the member named. */
  | 'link-refused'
  /** Another process holds the work's lease (e.g. is loading the same collection): try again. */
  | 'waiting-on-another-process';

/** An error that carries one of the bot's codes. */
export interface CodedError extends Error {
  readonly code: ErrorCode;
}

/** Every code, to tell the bot's errors from others that carry a `code` (Node's, the SDKs'). */
const errorCodes: Record<ErrorCode, true> = {
  validation: true,
  unauthorised: true,
  'budget-exhausted': true,
  'not-found': true,
  'service-fault': true,
  'budget-denied': true,
  'filing-in-progress': true,
  'delivery-failed': true,
  'temporarily-unavailable': true,
  timeout: true,
  'share-spent': true,
  'link-refused': true,
  'waiting-on-another-process': true,
};

/** Whether `error` is one of the bot's coded errors (whose messages it wrote itself). */
export function isCodedError(error: unknown): error is CodedError {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(errorCodes, code);
}

/**
 * An unknown throwable as one line for a log: its class and message, never its data (our own
 * errors' messages hold no personal data; the club service's text is masked where it is read).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}

/** Work that did not finish within its time limit. */
export class TimeoutError extends Error {
  readonly code = 'timeout';
  constructor(
    readonly ms: number,
    what = 'The work',
  ) {
    super(`${what} did not finish within ${ms} ms.`);
    this.name = 'TimeoutError';
  }
}

/**
 * Another process holds the lease on this work and is still at it: a passing condition (a dead
 * holder's lease lapses within seconds), so the job is retried with backoff, never given up.
 */
export class WaitingOnAnotherProcessError extends Error {
  readonly code = 'waiting-on-another-process';
  constructor(readonly what: string) {
    super(`Another process is still loading ${what}; trying again shortly.`);
    this.name = 'WaitingOnAnotherProcessError';
  }
}

/**
 * Runs `work` and rejects with `onTimeout()` (default: a {@link TimeoutError}) once `ms` pass.
 * The signal given to `work` is aborted then, so a fetch stops too; the race does not rely on
 * the abort reaching it.
 */
export async function withTimeout<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => Error = () => new TimeoutError(ms),
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = onTimeout();
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

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
