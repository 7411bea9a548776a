/** A clock the test moves by hand, for the budget's injectable `now`. */
export interface ManualClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2025, 0, 6, 9, 0, 0)): ManualClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
