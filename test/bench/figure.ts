/** One measured number of a benchmark run, as `latest.json` lists it. */
export interface Figure {
  /** Stable id, e.g. `B1.ours.p99`. */
  id: string;
  name: string;
  value: number;
  unit: string;
  /** The target in words, e.g. `≤ 60 ms`; null for a figure with none (a baseline). */
  target: string | null;
  /** Whether the target is met; null when there is no target. */
  met: boolean | null;
}

/** A target: its wording and the check. */
export interface Target {
  text: string;
  check(value: number): boolean;
}

export const atMost = (limit: number, unit = ''): Target => ({
  text: `≤ ${limit}${unit ? ` ${unit}` : ''}`,
  check: (value) => value <= limit,
});

export const atLeast = (limit: number, unit = ''): Target => ({
  text: `≥ ${limit}${unit ? ` ${unit}` : ''}`,
  check: (value) => value >= limit,
});

export const exactly = (expected: number): Target => ({
  text: `= ${expected}`,
  check: (value) => value === expected,
});

/** A figure, rounded for reading (3 significant digits below 100, whole numbers above). */
export function figure(
  id: string,
  name: string,
  value: number,
  unit: string,
  target?: Target,
): Figure {
  const rounded = round(value);
  return {
    id,
    name,
    value: rounded,
    unit,
    target: target?.text ?? null,
    // Judged on the unrounded value, so a rounded 20.0 ms can still be a miss of 20.04 ms.
    met: target ? target.check(value) : null,
  };
}

export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Math.abs(value) >= 100) return Math.round(value);
  return Number(value.toPrecision(3));
}
