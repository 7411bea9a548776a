/** The simulator's clock: the injected `now()` plus however far the admin surface moved it. */
export interface SimulatorClock {
  now(): number;
  /** Moves the clock forward (or back, for a negative value); returns the new now. */
  advance(ms: number): number;
  /** The club's today, `yyyy-mm-dd`: the starting today, moved on as the clock moves on. */
  today(): string;
}

const dayMs = 24 * 60 * 60 * 1000;

export function createSimulatorClock(
  baseNow: () => number,
  startingToday: string | undefined,
): SimulatorClock {
  let offset = 0;
  const now = () => baseNow() + offset;
  const startedAt = now();
  // Noon, so that moving the clock by less than half a day never flips the date.
  const anchor = startingToday
    ? Date.parse(`${startingToday}T12:00:00Z`)
    : Math.floor(startedAt / dayMs) * dayMs + dayMs / 2;
  if (Number.isNaN(anchor)) throw new RangeError(`today must be yyyy-mm-dd: ${startingToday}`);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`advanceMs must be a number: ${ms}`);
      offset += ms;
      return now();
    },
    today: () => new Date(anchor + (now() - startedAt)).toISOString().slice(0, 10),
  };
}
