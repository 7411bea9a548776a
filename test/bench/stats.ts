export { seededRandom } from '../support/seeded-random.js';
/** The q-quantile (0..1) of sorted samples, nearest-rank: the value at or below which q of them lie. */
function sortedQuantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The q-quantile (0..1) of samples, nearest-rank. */
export function quantile(samples: readonly number[], q: number): number {
  return sortedQuantile(Array.from(Float64Array.from(samples).sort()), q);
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(samples: readonly number[]): Percentiles {
  // A typed array sorts numerically, and a million samples do not overflow the stack.
  const sorted = Array.from(Float64Array.from(samples).sort());
  return {
    count: sorted.length,
    p50: sortedQuantile(sorted, 0.5),
    p95: sortedQuantile(sorted, 0.95),
    p99: sortedQuantile(sorted, 0.99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/** Fisher–Yates with the given random source. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
