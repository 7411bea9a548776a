/** The budget as the admin surface shows it. Times are ms since the epoch on the simulator's clock. */
export interface CallBudgetState {
  dailyLimit: number;
  remaining: number;
  /** When the current 24-hour window began (its first call); null before the first call. */
  windowStartedAt: number | null;
  /** When the current window ends and the full limit comes back; null before the first call. */
  windowEndsAt: number | null;
}

export interface CallBudgetOptions {
  /** Calls allowed per window. Default in the simulator: 5000 (the spec's limit). */
  dailyLimit: number;
  /** Calls left at start, for a window that begins with the first call. Default: `dailyLimit`. */
  remaining?: number;
  /** The simulator's clock, ms since the epoch. */
  now: () => number;
  /** Window length. Default: 24 hours. */
  windowMs?: number;
}

/** The answer to one call asking for a unit of the budget. */
export interface BudgetTake {
  allowed: boolean;
  /** Calls left after this one: the value of `X-Ratelimit-Remaining`. */
  remaining: number;
}

export interface CallBudget {
  /** Counts one call when any remain; a refused call changes nothing (but starts a window). */
  take(): BudgetTake;
  /** The calls left now, without counting one. */
  remaining(): number;
  state(): CallBudgetState;
  /** Sets the limit and/or the calls left in the current window. Throws RangeError on bad values. */
  set(update: { dailyLimit?: number; remaining?: number }): CallBudgetState;
  /** Back to the starting limit and remaining, with no window begun. */
  reset(): void;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The service's daily call budget as the simulator keeps it: a FIXED 24-hour window that begins at
 * the first call and ends 24 hours later, when the full limit comes back (the spec does not say
 * fixed or rolling; a fixed window is what a simple service and rate-limiter-flexible do). The
 * bot's own budget is a rolling window, which is the more careful reading, so it stays within
 * either. Every call counts, whatever its answer; see the simulator's request pipeline for which.
 */
export function createCallBudget(options: CallBudgetOptions): CallBudget {
  const windowMs = options.windowMs ?? dayMs;
  checkCount('dailyLimit', options.dailyLimit);
  if (options.remaining !== undefined) {
    checkCount('remaining', options.remaining);
    if (options.remaining > options.dailyLimit) {
      throw new RangeError(`remaining (${options.remaining}) must not exceed dailyLimit`);
    }
  }
  let dailyLimit = options.dailyLimit;
  let used = 0;
  let windowStartedAt: number | null = null;

  const start = () => {
    dailyLimit = options.dailyLimit;
    used = dailyLimit - (options.remaining ?? dailyLimit);
    windowStartedAt = null;
  };
  start();

  /** Ends a window that has run its 24 hours. */
  const roll = (now: number) => {
    if (windowStartedAt !== null && now >= windowStartedAt + windowMs) {
      windowStartedAt = null;
      used = 0;
    }
  };
  const left = () => Math.max(0, dailyLimit - used);

  const state = (): CallBudgetState => {
    roll(options.now());
    return {
      dailyLimit,
      remaining: left(),
      windowStartedAt,
      windowEndsAt: windowStartedAt === null ? null : windowStartedAt + windowMs,
    };
  };

  return {
    take() {
      const now = options.now();
      roll(now);
      windowStartedAt ??= now;
      if (used >= dailyLimit) return { allowed: false, remaining: 0 };
      used += 1;
      return { allowed: true, remaining: left() };
    },
    remaining() {
      roll(options.now());
      return left();
    },
    state,
    set(update) {
      roll(options.now());
      if (update.dailyLimit !== undefined) checkCount('dailyLimit', update.dailyLimit);
      if (update.remaining !== undefined) checkCount('remaining', update.remaining);
      const limit = update.dailyLimit ?? dailyLimit;
      if (update.remaining !== undefined && update.remaining > limit) {
        throw new RangeError(
          `remaining (${update.remaining}) must not exceed dailyLimit (${limit})`,
        );
      }
      dailyLimit = limit;
      if (update.remaining !== undefined) used = limit - update.remaining;
      return state();
    },
    reset: start,
  };
}

function checkCount(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number from 0: ${value}`);
  }
}
